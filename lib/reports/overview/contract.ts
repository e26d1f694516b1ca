/**
 * The Overview's contract: the headline figures of a period — commission, net
 * fee, effective rate, trading volume, new invitees, active traders, net
 * deposits — for the period, the previous period of the same length and the same
 * period a year earlier (all as text), and a trend per bucket. Money figures are
 * USDT (commission and fee of USDT items; volumes are USDT for every item).
 *
 * Below the cards, in the view's one coin (`coin`, USDT unless the URL names
 * another; amounts in different coins are never added): commission per period
 * with the previous period overlaid position by position, the top invitees and
 * top symbols; commission per coin (each coin its own row); the invitee funnel.
 */
import type { z } from "zod";
import { pricesUsedField, valuationTable } from "../../prices/contract";
import { BUCKET_STATES } from "../coverage";
import { count, countText, day, group, groupOrNull, hours, list, money, oneOf, optional, orNull, rate, ratio, text, uid, type Described } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS, type Comparison, type MetricDefinition, type MetricKey } from "../../metrics/definitions";

/**
 * On a percentages link the current period's figures show their change against the previous period, and the
 * previous and year-ago periods' figures the change of the current figure against them (contracts/fields.ts `Whole`).
 */
const figuresOf = (whole: { changeFrom: string } | { changeTo: string }) =>
  group({
    /** Every coin's commission in USDT at each day's close (lib/prices); null when a day's price is not held. */
    commissionAllCoins: orNull(money("USDT", whole)),
    commission: money("USDT", whole),
    netFee: money("USDT", whole),
    effectiveRate: rate(),
    volume: money("USDT", whole),
    newInvitees: countText(),
    activeTraders: countText(),
    netDeposits: money("USDT", whole),
  });
const figures = figuresOf({ changeFrom: "previous" });
const comparedFigures = figuresOf({ changeTo: "current" });
const trendPoint = group({ bucket: day(), commission: money("USDT"), volume: money("USDT"), newInvitees: count() });

/**
 * One position of the main trend: the period's k-th bucket and the previous period's k-th bucket, so the two
 * lines overlay by place in the period, not by date. A period with fewer buckets has null at the positions it lacks
 * (never drawn as zero). Each bucket has its own coverage (lib/reports/coverage.ts): one the warehouse does not hold
 * has a null figure, "not synced", never zero; a partly synced one is marked. On a percentages link each value is a
 * share of its own column (its period's total).
 */
const bucketState = orNull(oneOf(BUCKET_STATES));
const comparedPoint = group({
  position: count(),
  bucket: orNull(day()),
  previousBucket: orNull(day()),
  coin: text(),
  commission: orNull(money("row")),
  previousCommission: orNull(money("row")),
  state: bucketState,
  previousState: bucketState,
});

/** Commission per coin in the period: each coin its own figure (ordered by items, since amounts of coins do not compare). */
const coinRow = group({
  coin: text(),
  commission: money("row", "self"),
  /** The coin's commission in USDT, each day's at its own close (lib/prices/period-values.ts); null: a day not valued. */
  commissionUsdt: orNull(money("USDT", "self")),
  fee: money("row", "self"),
  /** The coin's net fee in USDT, as its commission is valued. */
  feeUsdt: orNull(money("USDT", "self")),
  volume: money("USDT", "self"),
  items: count(),
});
/** On a percentages link a top row is a share of its coin's row in `coins`. */
const inCoins = { of: "coins" } as const;
/** A top row's commission in USDT (null: a day not valued); in a USDT view, the commission itself. */
const valued = orNull(money("USDT", inCoins));
const topInvitee = group({ uid: uid("invitee"), coin: text(), commission: money("row", inCoins), commissionUsdt: valued, volume: money("USDT", inCoins) });
const topSymbol = group({ symbol: text(), coin: text(), commission: money("row", inCoins), commissionUsdt: valued, volume: money("USDT", inCoins) });
/** The invitees registered in the period, step by step (lib/reports/funnel-steps.ts words them). */
const funnel = group({
  registered: count(),
  kyc: count(),
  deposited: count(),
  traded: count(),
  medianHoursToDeposit: orNull(hours()),
  medianHoursDepositToTrade: orNull(hours()),
});

/**
 * One projected figure (lib/forecast): value, range and the sum so far, null with `unavailable` saying why when it
 * cannot be made. On a percentages link each amount shows as a share of the current period's same figure.
 */
const forecastFigure = (amount: () => Described<z.ZodString>) =>
  group({
    value: orNull(amount()),
    low: orNull(amount()),
    high: orNull(amount()),
    soFar: orNull(amount()),
    daysDone: count(),
    daysLeft: count(),
    unavailable: orNull(text()),
    // Each day of the period, cumulative (lib/forecast/project.ts ForecastPoint); absent in older snapshots.
    path: optional(list(group({ day: day(), soFar: orNull(amount()), value: orNull(amount()), low: orNull(amount()), high: orNull(amount()) }))),
  });
const forecast = group({
  period: oneOf(["month", "quarter"]),
  from: day(),
  to: day(),
  today: day(),
  method: text(),
  figures: group({
    commissionAllCoins: forecastFigure(() => money("USDT", { of: "current", fields: ["commissionAllCoins"] })),
    volumeAllCoins: forecastFigure(() => money("USDT", { of: "current", fields: ["volume"] })),
    newTraders: forecastFigure(countText),
  }),
});

export const overviewAnswer = answerSchema({
  /** The whole range, today included while it is partial (lib/reports/periods.ts). */
  current: figures,
  /**
   * The current period without today, while today is partial (`periods.partialDay`): what every change compares,
   * as `previous` and `yearAgo` then leave out their last day. null: every day is whole, or today is the only day
   * (no change can be made yet).
   */
  currentWholeDays: groupOrNull(figures),
  /** The days of `periods.previous` a change compares (without its last day while today is partial). */
  previous: comparedFigures,
  /** The days of `periods.yearAgo` a change compares (without its last day while today is partial). */
  yearAgo: comparedFigures,
  /** Per bucket of the current period: commission, volume and new invitees, for sparklines. */
  trend: list(trendPoint),
  buckets: list(day()),
  /** The coin of the chart and the top lists. */
  coin: text(),
  commissionTrend: list(comparedPoint),
  coins: list(coinRow),
  topInvitees: list(topInvitee),
  topSymbols: list(topSymbol),
  funnel,
  /** How the first card's other coins were valued (lib/prices/contract.ts). */
  prices: pricesUsedField,
  /** Month or quarter to date: the period's projected end (lib/forecast); null for other ranges, absent in older snapshots. */
  forecast: optional(groupOrNull(forecast)),
});
export type OverviewAnswer = z.output<typeof overviewAnswer>;
export type OverviewReport = ReportPart<OverviewAnswer>;
export type Figures = z.output<typeof figures>;
export type OverviewFigure = keyof Figures;
export type ComparedPoint = z.output<typeof comparedPoint>;
export type CoinRow = z.output<typeof coinRow>;
export type TopInvitee = z.output<typeof topInvitee>;
export type TopSymbol = z.output<typeof topSymbol>;

/** How many invitees and symbols the top lists show. */
export const TOP_N = 5;

/** Each card's metric (lib/metrics): its label, definition and how it compares come from there. */
const FIGURE_METRIC: Record<OverviewFigure, MetricKey> = {
  commissionAllCoins: "commissionAllCoins",
  commission: "commission",
  netFee: "netFee",
  effectiveRate: "effectiveRate",
  volume: "volumeAllCoins",
  newInvitees: "newInvitees",
  activeTraders: "activeTraders",
  netDeposits: "netDeposits",
};
const FIGURE_ORDER: readonly OverviewFigure[] = ["commissionAllCoins", "commission", "netFee", "effectiveRate", "volume", "newInvitees", "activeTraders", "netDeposits"];

/** The cards of the page, in its order, with their labels and units (the CSV's labels add the unit). */
export const OVERVIEW_FIGURES: ReadonlyArray<{ key: OverviewFigure; label: string; unit?: "USDT"; estimate: boolean; definition: string; compare: Comparison }> = FIGURE_ORDER.map((key) => {
  const m: MetricDefinition = METRICS[FIGURE_METRIC[key]];
  return { key, label: m.label, definition: m.definition, compare: m.compare, estimate: m.estimate === true, ...(m.unit === "USDT" ? { unit: "USDT" as const } : {}) };
});
export const figureKind = (key: OverviewFigure) => figures.shape[key];

/**
 * The current figures a change compares (the partial-day rule, lib/reports/periods.ts): the whole days of the
 * period while today is partial; null while today is its only day (nothing whole to compare yet).
 */
export function comparedCurrent(a: Pick<OverviewAnswer, "current" | "currentWholeDays">, partialDay: string | null): Figures | null {
  return partialDay === null ? a.current : a.currentWholeDays;
}


const trend = trendPoint.shape;
const compared = comparedPoint.shape;
const coinShape = coinRow.shape;
export const overviewContract = defineContract({
  name: "overview",
  title: "Overview",
  path: "/",
  answer: overviewAnswer,
  // The coin, buckets and time zone of the trend chart and the top lists; the cards stay USDT.
  filters: ["coin", "interval", "tz", "compare"],
  tables: {
    figures: table("Headline figures", {
      figure: column("Figure", text()),
      label: column("Label", text()),
      kind: column("Kind", text()),
      // Each row's own figure: its kind is the row's Kind column.
      current: column("This period", text()),
      previous: column("Previous period", text()),
      yearAgo: column("A year earlier", text()),
      // Empty where the warehouse does not hold that period: the coverage columns say why (never a 0 that is not real).
      previousCoverage: column("Previous period coverage", text()),
      yearAgoCoverage: column("A year earlier coverage", text()),
      // Fractions: relative for amounts and counts (0.125 = +12.5 %), the difference for rates (0.0103 = +1.03 pp);
      // empty where the earlier period is not held or, for a relative change, its figure is zero.
      changeVsPrevious: column("Change vs previous", ratio()),
      changeVsYearAgo: column("Change vs a year ago", ratio()),
      changeIs: column("Change is", text()),
    }),
    // Empty where the warehouse does not hold the bucket (the Coverage column says "not synced"), never a zero.
    trend: table("Trend per period", {
      bucket: column("Period", trend.bucket),
      commission: metricColumn(METRICS.commission, trend.commission),
      volume: metricColumn(METRICS.volumeAllCoins, trend.volume),
      newInvitees: metricColumn(METRICS.newInvitees, trend.newInvitees),
      coverage: column("Coverage", text()),
    }),
    "commission-trend": table("Commission per period vs the previous period", {
      position: column("Position", compared.position),
      bucket: column("Period", compared.bucket),
      previousBucket: column("Previous period", compared.previousBucket),
      coin: column("Coin", compared.coin),
      // Empty where not synced; the coverage columns say so ("not synced", "partly synced"), never a zero.
      commission: metricColumn(METRICS.commission, compared.commission),
      previousCommission: column("Previous commission", compared.previousCommission),
      coverage: column("Coverage", text()),
      previousCoverage: column("Previous period coverage", text()),
    }),
    "top-invitees": table("Top invitees", {
      uid: column("Invitee uid", topInvitee.shape.uid),
      coin: column("Coin", topInvitee.shape.coin),
      commission: metricColumn(METRICS.commission, topInvitee.shape.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, topInvitee.shape.commissionUsdt),
      volume: metricColumn(METRICS.volumeInCoin, topInvitee.shape.volume),
    }),
    "top-symbols": table("Top symbols", {
      symbol: column("Symbol", topSymbol.shape.symbol),
      coin: column("Coin", topSymbol.shape.coin),
      commission: metricColumn(METRICS.commission, topSymbol.shape.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, topSymbol.shape.commissionUsdt),
      volume: metricColumn(METRICS.volumeInCoin, topSymbol.shape.volume),
    }),
    coins: table("Commission per coin", {
      coin: column("Coin", coinShape.coin),
      commission: metricColumn(METRICS.commission, coinShape.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, coinShape.commissionUsdt),
      fee: metricColumn(METRICS.netFee, coinShape.fee),
      feeUsdt: metricColumn(METRICS.netFeeValued, coinShape.feeUsdt),
      volume: metricColumn(METRICS.volumeInCoin, coinShape.volume),
      items: column("Items", coinShape.items),
    }),
    // The audit of the first card's USDT total: the period's commission per day and coin other than USDT, valued.
    valuation: valuationTable(),
    // The month- or quarter-end forecast (lib/forecast), a row per projected figure; no rows for any other range.
    // Each row's own unit: the figures are in different units, so the amounts are decimal text with a Unit column.
    forecast: table("Month- or quarter-end forecast (an estimate)", {
      figure: column("Figure", text()),
      label: column("Label", text()),
      unit: column("Unit", text()),
      periodFrom: column("Period from", day()),
      periodTo: column("Period to", day()),
      madeOn: column("Made on", day()),
      daysDone: column("Whole days so far", count()),
      daysLeft: column("Days to come", count()),
      soFar: column("So far (whole days)", text()),
      projected: column("Projected", text()),
      low: column("Range low", text()),
      high: column("Range high", text()),
      notProjected: column("Not projected because", text()),
      method: column("Method", text()),
    }),
    funnel: table("Invitee funnel", {
      step: column("Step", text()),
      invitees: column("Invitees at the step", funnel.shape.registered),
      conversion: column("Conversion", ratio()),
      basis: column("Of", text()),
      medianHours: column("Median hours", funnel.shape.medianHoursToDeposit),
    }),
  },
});
