/**
 * The Commissions page's exportable tables: totals per coin, the per-period
 * series of the chart (the coin on screen, every bucket, zeros included, as the
 * chart's own figure table), by symbol, top invitees and the rate distribution.
 */
import "server-only";
import Decimal from "decimal.js";
import { commissionReport, type CommissionBreakdownRow, type CommissionReport, type CommissionTotals } from "../../reports/commissions";
import { coinOf } from "../../reports/filters";
import { col, smallTable, type ExportColumn, type ExportContext, type ExportTable } from "../table-types";

const load = (ctx: ExportContext): Promise<CommissionReport> => commissionReport(ctx.db, ctx.connectionId, ctx.filters);

/** The chart's stacks, in its order and with its labels (product | sourceType). */
export const COMMISSION_SERIES = [
  { key: "FUTURES|1", label: "Futures · direct" },
  { key: "FUTURES|2", label: "Futures · sub-agents" },
  { key: "SPOT|1", label: "Spot · direct" },
  { key: "SPOT|2", label: "Spot · sub-agents" },
] as const;

interface SeriesRow {
  bucket: string;
  coin: string;
  values: ReadonlyMap<string, string>;
  total: string;
}

function seriesRows(report: CommissionReport, coin: string): SeriesRow[] {
  const byBucket = new Map<string, Map<string, string>>();
  for (const p of report.series) {
    if (p.coin !== coin) continue;
    const row = byBucket.get(p.bucket) ?? new Map<string, string>();
    row.set(`${p.productType}|${p.sourceType}`, p.commission);
    byBucket.set(p.bucket, row);
  }
  return report.buckets.map((bucket) => {
    const values = byBucket.get(bucket) ?? new Map<string, string>();
    const total = COMMISSION_SERIES.reduce((acc, s) => acc.plus(values.get(s.key) ?? 0), new Decimal(0)).toFixed();
    return { bucket, coin, values, total };
  });
}

function breakdownColumns(keyHeader: string, keyKind: "uid" | "text"): readonly ExportColumn<CommissionBreakdownRow>[] {
  return [
    col("key", keyHeader, keyKind, (r) => r.key),
    col("coin", "Coin", "text", (r) => r.coin),
    col("commission", "Commission", "amount", (r) => r.commission),
    col("fee", "Net fee", "amount", (r) => r.fee),
    col("volume", "Volume (USDT)", "amount", (r) => r.volume),
  ];
}

export const commissionTables: Record<string, ExportTable> = {
  totals: smallTable<CommissionTotals, CommissionReport>({
    title: "Totals per coin",
    load,
    columns: [
      col("coin", "Coin", "text", (r) => r.coin),
      col("commission", "Commission", "amount", (r) => r.commission),
      col("fee", "Net fee", "amount", (r) => r.fee),
      // As the page computes it: commission ÷ fee to 6 decimals; empty when there is no fee.
      col("effectiveRate", "Effective rate", "rate", (r) => (new Decimal(r.fee).gt(0) ? new Decimal(r.commission).div(r.fee).toFixed(6) : "")),
      col("takerVolume", "Taker volume (USDT)", "amount", (r) => r.takerVolume),
      col("makerVolume", "Maker volume (USDT)", "amount", (r) => r.makerVolume),
      col("items", "Items", "count", (r) => String(r.items)),
      col("invitees", "Invitees", "count", (r) => String(r.invitees)),
    ],
    rows: (report) => report.totals,
  }),
  series: smallTable<SeriesRow, CommissionReport>({
    title: "Commission per period",
    load,
    columns: [
      col<SeriesRow>("bucket", "Period", "date", (r) => r.bucket),
      col<SeriesRow>("coin", "Coin", "text", (r) => r.coin),
      ...COMMISSION_SERIES.map((s) => col<SeriesRow>(s.key, s.label, "amount", (r) => r.values.get(s.key) ?? "0")),
      col<SeriesRow>("total", "Total", "amount", (r) => r.total),
    ],
    rows: (report, ctx) => seriesRows(report, coinOf(ctx.filters)),
  }),
  "by-symbol": smallTable<CommissionBreakdownRow, CommissionReport>({
    title: "By symbol",
    load,
    columns: breakdownColumns("Symbol", "text"),
    rows: (report) => report.bySymbol,
  }),
  "top-invitees": smallTable<CommissionBreakdownRow, CommissionReport>({
    title: "Top invitees",
    load,
    columns: breakdownColumns("Invitee uid", "uid"),
    rows: (report) => report.topInvitees,
  }),
  rates: smallTable<CommissionReport["rates"][number], CommissionReport>({
    title: "Rebate rate distribution",
    load,
    columns: [
      col("rate", "Rate", "rate", (r) => r.rate),
      col("items", "Items", "count", (r) => String(r.items)),
      col("commission", "Commission (all coins)", "amount", (r) => r.commission),
    ],
    rows: (report) => report.rates,
  }),
};
