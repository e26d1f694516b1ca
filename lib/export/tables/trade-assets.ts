/**
 * The Trade & assets page's exportable tables: the totals (with the top-10
 * share) and every per-invitee row of the view in its sort order, read in
 * batches and streamed.
 */
import "server-only";
import { reportQuery } from "../../reports/route";
import { tradeAssetQuerySchema, tradeAssetReport, tradeAssetRowBatches, type TradeAssetReport, type TradeAssetRow } from "../../reports/trade-assets";
import { batchedTable, col, smallTable, type ExportTable } from "../table-types";

type Totals = TradeAssetReport["totals"] & { top10: TradeAssetReport["top10"] };

export const TRADE_ASSET_COLUMNS = [
  col<TradeAssetRow>("uid", "Invitee uid", "uid", (r) => r.uid),
  col<TradeAssetRow>("depositAmount", "Deposits (USDT)", "amount", (r) => r.depositAmount),
  col<TradeAssetRow>("withdrawalAmount", "Withdrawals (USDT)", "amount", (r) => r.withdrawalAmount),
  col<TradeAssetRow>("netDeposit", "Net deposit (USDT)", "amount", (r) => r.netDeposit),
  col<TradeAssetRow>("spotTradingAmount", "Spot volume (USDT)", "amount", (r) => r.spotTradingAmount),
  col<TradeAssetRow>("futuresTradingAmount", "Futures volume (USDT)", "amount", (r) => r.futuresTradingAmount),
  col<TradeAssetRow>("commission", "Commission (USDT)", "amount", (r) => r.commission),
] as const;

export const tradeAssetTables: Record<string, ExportTable> = {
  totals: smallTable<Totals, TradeAssetReport>({
    title: "Totals",
    load: (ctx) => tradeAssetReport(ctx.db, ctx.connectionId, ctx.filters, { ...reportQuery(tradeAssetQuerySchema, ctx.query), page: 1, pageSize: 10 }),
    columns: [
      col("invitees", "Invitees", "count", (r) => String(r.invitees)),
      ...TRADE_ASSET_COLUMNS.slice(1).map((c) => col<Totals>(c.key, c.header, c.kind, (r) => c.value({ uid: "", ...r }))),
      col("top10Commission", "Commission of the top 10 invitees (USDT)", "amount", (r) => r.top10.commission),
      col("top10Share", "Top 10 share of commission", "fraction", (r) => r.top10.share),
    ],
    rows: (report) => [{ ...report.totals, top10: report.top10 }],
  }),
  invitees: batchedTable({
    title: "Trade and assets per invitee",
    columns: TRADE_ASSET_COLUMNS,
    // The view's sort (a bad one is the same 400); page and page size are ignored: all rows.
    prepare: (ctx) => reportQuery(tradeAssetQuerySchema, ctx.query),
    // Each batch sums the range again (the rows are per-invitee aggregates), so batches are large: few sums, still bounded memory.
    batches: (ctx, q) => tradeAssetRowBatches(ctx.db, ctx.connectionId, ctx.filters, q, { batchSize: 5_000 }),
  }),
};
