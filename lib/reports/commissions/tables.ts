/**
 * The Commissions page's exportable tables (lib/reports/commissions/contract.ts
 * names them and their columns): totals per coin, the per-period series of the
 * chart (the coin on screen, every bucket, zeros included, as the chart's own
 * figure table — blank where the warehouse holds no day of the bucket, with a Coverage column), by symbol, top invitees and the rate distribution (the coin on screen).
 */
import "server-only";
import Decimal from "decimal.js";
import { valuationCsv } from "../../prices/valuation-csv";
import { commissionReport, commissionRowsOf } from "./sql";
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
import { bucketCoverage, type BucketHeld } from "../bucket-coverage";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../../export/table-types";

const load = (ctx: ExportContext): Promise<CommissionReport> => commissionReport(ctx.db, ctx.connectionId, ctx.filters);
const { tables } = commissionsContract;

interface SeriesRow extends BucketHeld {
  bucket: string;
  coin: string;
  values: ReadonlyMap<string, string>;
}

/**
 * Every bucket of the range for each coin of the view (the view's one coin, or every coin with commission in the
 * all-coins view: each coin's native series): a held bucket without items is 0, one not held is blank.
 */
function seriesRows([report, coverage]: readonly [CommissionReport, Coverage]): SeriesRow[] {
  const of = bucketCoverage(coverage);
  const coins = report.view === "all" ? report.totals.map((t) => t.coin) : [report.view];
  return coins.flatMap((coin) => {
    const byBucket = commissionSeriesOf(report, coin);
    return report.buckets.map((bucket) => ({ bucket, coin, values: byBucket.get(bucket) ?? new Map<string, string>(), ...of(bucket) }));
  });
}

/** The all-coins view's USDT series (one coin list: none), blank where a stack is not valued or the bucket not held. */
function valuedRows([report, coverage]: readonly [CommissionReport, Coverage]): SeriesRow[] {
  const of = bucketCoverage(coverage);
  const byBucket = new Map<string, Map<string, string | null>>();
  for (const p of report.valuedSeries) {
    const row = byBucket.get(p.bucket) ?? new Map<string, string | null>();
    row.set(`${p.productType}|${p.sourceType}`, p.commission);
    byBucket.set(p.bucket, row);
  }
  return report.buckets.map((bucket) => {
    const stacks = byBucket.get(bucket);
    const valued = [...(stacks?.values() ?? [])].every((v) => v !== null);
    const values = new Map([...(stacks?.entries() ?? [])].filter((e): e is [string, string] => e[1] !== null));
    const held = of(bucket);
    return { bucket, coin: "USDT", values, ...held, ...(valued ? {} : { held: false, coverage: held.held ? "not valued: a day has no close held" : held.coverage }) };
  });
}

const breakdownValues = {
  key: (r: CommissionBreakdownRow) => r.key,
  coin: (r: CommissionBreakdownRow) => r.coin,
  commission: (r: CommissionBreakdownRow) => r.commission,
  // Blank where a day's close is not held: "not valued", never a part passed off as the whole.
  commissionUsdt: (r: CommissionBreakdownRow) => r.commissionUsdt ?? "",
  fee: (r: CommissionBreakdownRow) => r.fee,
  feeUsdt: (r: CommissionBreakdownRow) => r.feeUsdt ?? "",
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
    load: (ctx) => Promise.all([load(ctx), ctx.coverage]),
    columns: columnsOf(tables.series, {
      bucket: (r) => r.bucket,
      coin: (r) => r.coin,
      ...stackValues,
      total: (r) => (r.held ? stackTotal(r.values) : ""),
      coverage: (r) => r.coverage,
    }),
    rows: (loaded) => seriesRows(loaded),
  }),
  "series-usdt": smallTable<SeriesRow, readonly [CommissionReport, Coverage]>({
    title: tables["series-usdt"].title,
    load: (ctx) => Promise.all([load({ ...ctx, filters: { ...ctx.filters, coin: undefined } }), ctx.coverage]),
    columns: columnsOf(tables["series-usdt"], {
      bucket: (r) => r.bucket,
      ...stackValues,
      total: (r) => (r.held ? stackTotal(r.values) : ""),
      coverage: (r) => r.coverage,
    }),
    rows: (loaded) => valuedRows(loaded),
  }),
  // The view's rows (every coin in the all-coins view; a BTC view's BTC days): the audit of each USDT value.
  valuation: valuationCsv(tables.valuation, (ctx) => commissionRowsOf(ctx.connectionId, ctx.filters)),
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
    columns: columnsOf(tables.rates, { rate: (r) => r.rate, coin: (r) => r.coin, items: (r) => String(r.items), commission: (r) => r.commission, commissionUsdt: (r) => r.commissionUsdt ?? "" }),
    rows: (report) => report.rates,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
