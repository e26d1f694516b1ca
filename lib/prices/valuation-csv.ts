/**
 * The "How each coin was valued" CSV of a report that shows a USDT total of every coin: one row per UTC day and coin
 * other than USDT of the rows the total is made of, with the pair, the close used, its instant, the basis and the
 * value — the audit of the total (docs/prices.md). One loader for every report that declares `valuationTable()`.
 */
import "server-only";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../export/table-types";
import type { TableContract } from "../reports/contracts/report-contract";
import { valuationRows, type CommissionRows, type ValuationRow } from "./period-values";
import { BASIS_WORDS } from "./words";

type ValuationColumns = "day" | "coin" | "commission" | "pair" | "close" | "priceTime" | "basis" | "usdt";

export function valuationCsv(table: TableContract<ValuationColumns>, rowsOf: (ctx: ExportContext) => CommissionRows): ExportTable {
  return smallTable<ValuationRow, ValuationRow[]>({
    title: table.title,
    load: (ctx) => valuationRows(ctx.db, ctx.connectionId, rowsOf(ctx)),
    columns: columnsOf(table, {
      day: (r) => r.day,
      coin: (r) => r.coin,
      commission: (r) => r.commission,
      pair: (r) => r.symbol ?? "",
      close: (r) => r.close ?? "",
      priceTime: (r) => (r.priceTime === null ? "" : new Date(Number(r.priceTime)).toISOString()),
      basis: (r) => `close at ${BASIS_WORDS[r.basis] ?? r.basis}`,
      usdt: (r) => r.usdt ?? "",
    }),
    rows: (loaded) => loaded,
  });
}
