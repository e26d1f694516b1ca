/**
 * The Trade & assets page's exportable tables: the totals (with the top-10
 * share) and every per-invitee row of the view in its sort order, read in
 * batches and streamed.
 */
import "server-only";
import { TRADE_ASSET_AMOUNTS, tradeAssetQuerySchema, tradeAssetsContract, type TradeAssetReport, type TradeAssetRow } from "./contract";
import { reportQuery } from "../report-query";
import { tradeAssetReport, tradeAssetRowBatches } from "./sql";
import { batchedTable, columnsOf, smallTable, type ExportTable } from "../../export/table-types";

const { tables } = tradeAssetsContract;
type Totals = TradeAssetReport["totals"] & { top10: TradeAssetReport["top10"] };
type AmountKey = (typeof TRADE_ASSET_AMOUNTS)[number]["key"];

/** The six amounts of a row or of the totals, by the contract's column keys. */
const amountValues = <R extends Record<AmountKey, string>>() =>
  Object.fromEntries(TRADE_ASSET_AMOUNTS.map((a) => [a.key, (r: R) => r[a.key]])) as Record<AmountKey, (r: R) => string>;

export const TRADE_ASSET_COLUMNS = columnsOf(tables.invitees, { uid: (r: TradeAssetRow) => r.uid, ...amountValues<TradeAssetRow>() });

export const tradeAssetTables = {
  totals: smallTable<Totals, TradeAssetReport>({
    title: tables.totals.title,
    load: (ctx) => tradeAssetReport(ctx.db, ctx.connectionId, ctx.filters, { ...reportQuery(tradeAssetQuerySchema, ctx.query), page: 1, pageSize: 10 }),
    columns: columnsOf(tables.totals, {
      invitees: (r) => String(r.invitees),
      ...amountValues<Totals>(),
      top10Commission: (r) => r.top10.commission,
      top10Share: (r) => r.top10.share,
    }),
    rows: (report) => [{ ...report.totals, top10: report.top10 }],
  }),
  invitees: batchedTable({
    title: tables.invitees.title,
    columns: TRADE_ASSET_COLUMNS,
    // The view's sort (a bad one is the same 400); page and page size are ignored: all rows.
    prepare: (ctx) => reportQuery(tradeAssetQuerySchema, ctx.query),
    // Each batch sums the range again (the rows are per-invitee aggregates), so batches are large: few sums, still bounded memory.
    batches: (ctx, q) => tradeAssetRowBatches(ctx.db, ctx.connectionId, ctx.filters, q, { batchSize: 5_000 }),
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
