/**
 * The Commissions report's contract: the series over time (by coin, product
 * and source), totals per coin, by symbol, top invitees and the rate
 * distribution; its CSV tables and the chart's stacks.
 *
 * Two kinds of view (`view`): with no coin in the URL, "all" — every coin's
 * native totals, series and symbols, and one headline total with a series in
 * USDT, each coin valued at the close of each item's own day (lib/prices,
 * docs/prices.md), stated as an estimate; with a coin, that coin alone,
 * natively, and the coins it leaves out named (`otherCoins`). Native amounts in
 * different coins are never added together.
 */
import type { z } from "zod";
import { exactSum } from "../../decimal/exact";
import { SOURCE_TYPE_OF } from "../filters";
import { pricesUsedField, valuationTable } from "../../prices/contract";
import { code, count, day, group, groupOrNull, list, money, orNull, rate, text, uid, type Described } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS } from "../../metrics/definitions";

const inTotals = { of: "totals" } as const;

const totalsRow = group({
  coin: text(),
  commission: money("row", "self"),
  fee: money("row", "self"),
  takerVolume: money("USDT", "self"),
  makerVolume: money("USDT", "self"),
  items: count(),
  invitees: count(),
});

const seriesPoint = group({
  bucket: day(),
  coin: text(),
  productType: text(),
  /** 1 = direct client, 2 = sub-agent. */
  sourceType: code(),
  commission: money("row", inTotals),
});

/**
 * Per symbol or per invitee: the volume is USDT whatever the commission's coin, a share of that coin's taker + maker.
 * Why volumes may be summed where commissions may not: the interface (../shared/spec, 2.9) gives takerAmount and
 * makerAmount as "taker/maker trading volume" with no coin field of their own and does not name a unit; this report
 * takes them as USDT for every item (the symbols are USDT-quoted, and the sandbox draws them in USDT). The spec does
 * not state it outright: if the exchange ever sends them in the commission's coin, these sums must go per coin.
 */
const breakdownRow = <K extends Described<z.ZodString>>(key: K) =>
  group({
    key,
    coin: text(),
    commission: money("row", inTotals),
    /** The row's commission in USDT at each day's close (the coin's own amount when it is USDT); null: not valued. */
    commissionUsdt: orNull(money("USDT", "column")),
    fee: money("row", inTotals),
    /** The row's net fee in USDT, valued as its commission is. */
    feeUsdt: orNull(money("USDT", "column")),
    volume: money("USDT", { of: "totals", fields: ["takerVolume", "makerVolume"] }),
  });
const bySymbolRow = breakdownRow(text());
const topInviteeRow = breakdownRow(uid("invitee"));
/** A stack of a bucket of the all-coins view in USDT at each day's close; null where a day's price is not held. */
const valuedPoint = group({
  bucket: day(),
  productType: text(),
  sourceType: code(),
  commission: orNull(money("USDT", { of: "allCoins", fields: ["commission"] })),
});

/** Per rebate rate, in one coin (the selected coin, else USDT): a BTC commission is never added to a USDT one. */
const rateRow = group({ rate: rate(), coin: text(), items: count(), commission: money("row"), commissionUsdt: orNull(money("USDT", "column")) });

export const commissionAnswer = answerSchema({
  /** "all" (no coin in the URL: every coin, the headline in USDT) or the one coin the view shows natively. */
  view: text(),
  /** The all-coins view's headline: every coin's commission in USDT at each day's close, and how it was valued. */
  allCoins: groupOrNull(group({ commission: orNull(money("USDT", "self")), prices: pricesUsedField })),
  /** The all-coins view's series in USDT (the chart); the native per-coin series stay in `series`. */
  valuedSeries: list(valuedPoint),
  /** A one-coin view: the other coins' commission over the same filters, which the view leaves out (and says so). */
  otherCoins: list(group({ coin: text(), commission: money("row", "self") })),
  buckets: list(day()),
  totals: list(totalsRow),
  series: list(seriesPoint),
  bySymbol: list(bySymbolRow),
  topInvitees: list(topInviteeRow),
  rates: list(rateRow),
});
export type CommissionAnswer = z.output<typeof commissionAnswer>;
export type CommissionReport = ReportPart<CommissionAnswer>;
export type CommissionBreakdownRow = z.output<typeof bySymbolRow>;
export type CommissionTotals = z.output<typeof totalsRow>;

const seriesKey = (product: "FUTURES" | "SPOT", source: keyof typeof SOURCE_TYPE_OF) => `${product}|${SOURCE_TYPE_OF[source]}`;
/** The chart's stacks, in its order and with its labels (product | sourceType). */
export const COMMISSION_SERIES = [
  { key: seriesKey("FUTURES", "direct"), label: "Futures · direct" },
  { key: seriesKey("FUTURES", "sub"), label: "Futures · sub-agents" },
  { key: seriesKey("SPOT", "direct"), label: "Spot · direct" },
  { key: seriesKey("SPOT", "sub"), label: "Spot · sub-agents" },
] as const;

/** The series of one coin pivoted per bucket: bucket → stack key → commission (buckets without items are absent). */
export function commissionSeriesOf(report: Pick<CommissionReport, "series">, coin: string): Map<string, Map<string, string>> {
  const byBucket = new Map<string, Map<string, string>>();
  for (const p of report.series) {
    if (p.coin !== coin) continue;
    const row = byBucket.get(p.bucket) ?? new Map<string, string>();
    row.set(`${p.productType}|${p.sourceType}`, p.commission);
    byBucket.set(p.bucket, row);
  }
  return byBucket;
}

/** A coin's commission over the stacks of a bucket (exact). */
export const stackTotal = (values: ReadonlyMap<string, string>): string =>
  exactSum(COMMISSION_SERIES.map((s) => values.get(s.key) ?? "0"));

const f = { totals: totalsRow.shape, symbol: bySymbolRow.shape, invitee: topInviteeRow.shape, rate: rateRow.shape, series: seriesPoint.shape, valued: valuedPoint.shape };
type StackColumns = Record<(typeof COMMISSION_SERIES)[number]["key"], ReturnType<typeof column>>;
const stackColumns = (field: Described, suffix = ""): StackColumns =>
  Object.fromEntries(COMMISSION_SERIES.map((s) => [s.key, column(`${s.label}${suffix}`, field)])) as StackColumns;
const breakdownColumns = (key: typeof f.symbol | typeof f.invitee, keyHeader: string) => ({
  key: column(keyHeader, key.key),
  coin: column("Coin", key.coin),
  commission: metricColumn(METRICS.commission, key.commission),
  commissionUsdt: metricColumn(METRICS.commissionValued, key.commissionUsdt),
  fee: metricColumn(METRICS.netFee, key.fee),
  feeUsdt: metricColumn(METRICS.netFeeValued, key.feeUsdt),
  volume: metricColumn(METRICS.volumeInCoin, key.volume),
});

export const commissionsContract = defineContract({
  name: "commissions",
  title: "Commissions",
  path: "/commissions",
  answer: commissionAnswer,
  filters: ["coin", "product", "source", "interval", "tz", "uid"],
  noCoinMeans: "all",
  tables: {
    totals: table("Totals per coin", {
      coin: column("Coin", f.totals.coin),
      commission: metricColumn(METRICS.commission, f.totals.commission),
      fee: metricColumn(METRICS.netFee, f.totals.fee),
      // As the page computes it: commission ÷ fee to 6 decimals; empty when there is no fee.
      effectiveRate: metricColumn(METRICS.effectiveRate, rate()),
      takerVolume: metricColumn(METRICS.takerVolume, f.totals.takerVolume),
      makerVolume: metricColumn(METRICS.makerVolume, f.totals.makerVolume),
      items: column("Items", f.totals.items),
      invitees: metricColumn(METRICS.inviteesInCoin, f.totals.invitees),
    }),
    series: table("Commission per period", {
      bucket: column("Period", f.series.bucket),
      coin: column("Coin", f.series.coin),
      ...stackColumns(f.series.commission),
      total: column("Total", f.series.commission),
      // Empty cells where the warehouse holds no day of the bucket: this says so ("not synced"), never a 0.
      coverage: column("Coverage", text()),
    }),
    // The all-coins view's chart: every coin in USDT at each day's close; blank where not held or not valued.
    "series-usdt": table("Commission per period, all coins (≈ USDT)", {
      bucket: column("Period", f.valued.bucket),
      ...stackColumns(f.valued.commission, " (≈ USDT)"),
      total: column("Total (≈ USDT)", f.valued.commission),
      coverage: column("Coverage", text()),
    }),
    // The audit of every USDT value: each day's amount of each coin other than USDT, the close used and its value.
    valuation: valuationTable(),
    "by-symbol": table("By symbol", breakdownColumns(f.symbol, "Symbol")),
    "top-invitees": table("Top invitees", breakdownColumns(f.invitee, "Invitee uid")),
    rates: table("Rebate rate distribution", {
      rate: column("Rate", f.rate.rate),
      coin: column("Coin", f.rate.coin),
      items: column("Items", f.rate.items),
      commission: metricColumn(METRICS.commission, f.rate.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, f.rate.commissionUsdt),
    }),
  },
});
