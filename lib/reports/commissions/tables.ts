/**
 * The Commissions page's exportable tables (lib/reports/commissions/contract.ts
 * names them and their columns): totals per coin, the per-period series of the
 * chart (the coin on screen, every bucket, zeros included, as the chart's own
 * figure table — blank where the warehouse holds no day of the bucket, with a Coverage column), by symbol, top invitees and the rate distribution (the coin on screen).
 */
import "server-only";
import Decimal from "decimal.js";
import { commissionReport } from "./sql";
import {
  COMMISSION_SERIES,
  commissionSeriesOf,
  commissionsContract,
  stackTotal,
  type CommissionBreakdownRow,
  type CommissionReport,
  type CommissionTotals,
} from "./contract";
import type { Coverage } from "../coverage";
import { coverageFor } from "../coverage-sources";
import { coinOf } from "../filters";
import { bucketCoverage, type BucketHeld } from "../bucket-coverage";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../../export/table-types";

const load = (ctx: ExportContext): Promise<CommissionReport> => commissionReport(ctx.db, ctx.connectionId, ctx.filters);
const { tables } = commissionsContract;

interface SeriesRow extends BucketHeld {
  bucket: string;
  coin: string;
  values: ReadonlyMap<string, string>;
}

/** Every bucket of the range for the view's coin: a held bucket without items is 0, one not held is blank. */
function seriesRows([report, coverage]: readonly [CommissionReport, Coverage], coin: string): SeriesRow[] {
  const byBucket = commissionSeriesOf(report, coin);
  const of = bucketCoverage(coverage);
  return report.buckets.map((bucket) => ({ bucket, coin, values: byBucket.get(bucket) ?? new Map<string, string>(), ...of(bucket) }));
}

const breakdownValues = {
  key: (r: CommissionBreakdownRow) => r.key,
  coin: (r: CommissionBreakdownRow) => r.coin,
  commission: (r: CommissionBreakdownRow) => r.commission,
  fee: (r: CommissionBreakdownRow) => r.fee,
  volume: (r: CommissionBreakdownRow) => r.volume,
};

const stackValues = Object.fromEntries(COMMISSION_SERIES.map((s) => [s.key, (r: SeriesRow) => (r.held ? (r.values.get(s.key) ?? "0") : "")])) as Record<
  (typeof COMMISSION_SERIES)[number]["key"],
  (r: SeriesRow) => string
>;

export const commissionTables = {
  totals: smallTable<CommissionTotals, CommissionReport>({
    title: tables.totals.title,
    load,
    columns: columnsOf(tables.totals, {
      coin: (r) => r.coin,
      commission: (r) => r.commission,
      fee: (r) => r.fee,
      // As the page computes it: commission ÷ fee to 6 decimals; empty when there is no fee.
      effectiveRate: (r) => (new Decimal(r.fee).gt(0) ? new Decimal(r.commission).div(r.fee).toFixed(6) : ""),
      takerVolume: (r) => r.takerVolume,
      makerVolume: (r) => r.makerVolume,
      items: (r) => String(r.items),
      invitees: (r) => String(r.invitees),
    }),
    rows: (report) => report.totals,
  }),
  // With the view's coverage: a bucket the warehouse does not hold is blank, and its Coverage cell says so.
  series: smallTable<SeriesRow, readonly [CommissionReport, Coverage]>({
    title: tables.series.title,
    load: (ctx) => Promise.all([load(ctx), coverageFor(ctx.db, ctx.connectionId, "commissions", ctx.filters)]),
    columns: columnsOf(tables.series, {
      bucket: (r) => r.bucket,
      coin: (r) => r.coin,
      ...stackValues,
      total: (r) => (r.held ? stackTotal(r.values) : ""),
      coverage: (r) => r.coverage,
    }),
    rows: (loaded, ctx) => seriesRows(loaded, coinOf(ctx.filters)),
  }),
  "by-symbol": smallTable<CommissionBreakdownRow, CommissionReport>({
    title: tables["by-symbol"].title,
    load,
    columns: columnsOf(tables["by-symbol"], breakdownValues),
    rows: (report) => report.bySymbol,
  }),
  "top-invitees": smallTable<CommissionBreakdownRow, CommissionReport>({
    title: tables["top-invitees"].title,
    load,
    columns: columnsOf(tables["top-invitees"], breakdownValues),
    rows: (report) => report.topInvitees,
  }),
  rates: smallTable<CommissionReport["rates"][number], CommissionReport>({
    title: tables.rates.title,
    load,
    columns: columnsOf(tables.rates, { rate: (r) => r.rate, coin: (r) => r.coin, items: (r) => String(r.items), commission: (r) => r.commission }),
    rows: (report) => report.rates,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
