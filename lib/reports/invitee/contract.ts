/**
 * The Invitee detail report's contract (/invitees/<uid>): one invitee's profile
 * and milestone timeline (registered → KYC → first deposit → first trade → last
 * trade, hours between the dated steps: the interface gives KYC as a yes/no with
 * no time), and for the range, in the view's coin (USDT unless named: amounts in
 * different coins are never added): commission, net fee, taker and maker volume,
 * effective rate, deposits, withdrawals, net deposit, spot and futures volume —
 * for the range and the previous period of as many whole UTC days —, a series per
 * bucket and product, by symbol, the rates applied, the invitee's rank among all
 * invitees by commission, and the coins it earned commission in.
 */
import { z } from "zod";
import { pricesUsedField } from "../../prices/contract";
import { count, day, flag, group, groupOrNull, hours, instant, list, money, oneOf, orNull, rate, text, uid } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS, type MetricDefinition } from "../../metrics/definitions";
import { DORMANT_DAYS_RULE, dormantDays } from "../contracts/query-rules";

/** The page's own parameters: the invitee (required) and the dormancy window, as in the directory. */
export const inviteeDetailQuerySchema = z.object({
  uid: z.string({ error: "required: the invitee's uid" }).regex(/^\d{1,20}$/, "digits only, at most 20"),
  dormantDays,
});
export type InviteeDetailQuery = z.output<typeof inviteeDetailQuerySchema>;

export const MILESTONE_STEPS = ["registered", "kyc", "firstDeposit", "firstTrade", "lastTrade"] as const;
export type MilestoneStep = (typeof MILESTONE_STEPS)[number];
export const MILESTONE_LABELS: Readonly<Record<MilestoneStep, string>> = {
  registered: "Registered",
  kyc: "KYC passed",
  firstDeposit: "First deposit",
  firstTrade: "First trade",
  lastTrade: "Last trade",
};

/**
 * `listed`: the invitee is in the synced invited-users list. One registered
 * before the synced history (SYNC_HISTORY_DAYS) can still trade and earn
 * commission: its registration, invite code, KYC and milestones are then
 * unknown (null), never guessed.
 */
const profile = group({
  uid: uid("invitee"),
  listed: flag(),
  inviteCode: orNull(text()),
  registerTime: orNull(instant()),
  kycResult: orNull(flag()),
  firstDeposit: orNull(instant()),
  lastDeposit: orNull(instant()),
  firstTrade: orNull(instant()),
  lastTrade: orNull(instant()),
  /** Traded before and silent for `dormantDays` days or more; null when not listed (its last trade is unknown). */
  dormant: orNull(flag()),
  dormantDays: count(),
});

/** The invitee's status in words: dormant, active, never traded, or unknown when it is not in the synced list. */
export function inviteeStatus(p: Pick<z.output<typeof profile>, "listed" | "dormant" | "lastTrade">): string {
  if (!p.listed) return "not in the synced invitee list";
  return p.dormant ? "dormant" : p.lastTrade === null ? "never traded" : "active";
}

const milestone = group({
  step: oneOf(MILESTONE_STEPS),
  /** Null when unknown: the invitee is not in the synced list. */
  reached: orNull(flag()),
  /** When; null when not reached, and always for KYC (the interface gives no time for it). */
  at: orNull(instant()),
  /** Hours since the previous dated step reached (null for the first, for KYC and for steps not reached). */
  hoursSincePrevious: orNull(hours()),
});

/** On a percentages link the rows below are shares of the current period's figures. */
const inCurrent = { of: "current" } as const;
/**
 * On a percentages link the current period's figures show their change against the previous period's, and the
 * previous period's the change of the current figure against them (contracts/fields.ts `Whole`).
 */
const figuresOf = (whole: { changeFrom: string } | { changeTo: string }) => group({
  /** The view's coin: commission and fee are in it; volumes and money movements are USDT. */
  coin: text(),
  commission: money("row", whole),
  fee: money("row", whole),
  takerVolume: money("USDT", whole),
  makerVolume: money("USDT", whole),
  /** commission ÷ fee, 6 dp; null without fee. */
  effectiveRate: orNull(rate()),
  items: count(),
  depositAmount: money("USDT", whole),
  withdrawalAmount: money("USDT", whole),
  netDeposit: money("USDT", whole),
  spotTradingAmount: money("USDT", whole),
  futuresTradingAmount: money("USDT", whole),
  /**
   * Whether the sync has read this period's whole history (its first day on): commission items (both products),
   * and trade-and-asset days. When not, a zero here may only mean "not read yet", and the page says so.
   */
  commissionSynced: flag(),
  assetsSynced: flag(),
});
const figures = figuresOf({ changeFrom: "previous" });
const previousFigures = figuresOf({ changeTo: "current" });
const period = group({ from: day(), to: day() });

const seriesPoint = group({ bucket: day(), coin: text(), productType: text(), commission: money("row", inCurrent), fee: money("row", inCurrent) });
const symbolRow = group({
  symbol: text(),
  coin: text(),
  commission: money("row", inCurrent),
  /** The row's commission in USDT at each item's own day's close (the amount itself in USDT); null: not valued. */
  commissionUsdt: orNull(money("USDT", "column")),
  fee: money("row", inCurrent),
  /** The row's net fee in USDT, valued as its commission is. */
  feeUsdt: orNull(money("USDT", "column")),
  takerVolume: money("USDT", inCurrent),
  makerVolume: money("USDT", inCurrent),
  items: count(),
});
const rateRow = group({ rate: rate(), productType: text(), coin: text(), items: count(), commission: money("row", inCurrent), commissionUsdt: orNull(money("USDT", "column")) });
const coinRow = group({ coin: text(), commission: money("row", "self"), items: count() });
/** 1-based, ties share a place; null when the invitee earned no commission in the coin in the range. */
const rank = group({ coin: text(), position: orNull(count()), of: count() });

export const inviteeDetailAnswer = answerSchema({
  profile,
  milestones: list(milestone),
  current: figures,
  /** The range without today while today is partial (`periods.partialDay`): what the changes compare; null otherwise (or today alone). */
  currentWholeDays: groupOrNull(figures),
  /** The days of the previous period a change compares (without its last day while today is partial). */
  previous: previousFigures,
  previousPeriod: period,
  rank,
  coins: list(coinRow),
  /**
   * The invitee's commission of every coin over the range in USDT, each item at its own day's close (lib/prices),
   * and how it was valued; null when every item of the range is USDT (nothing to value: `coins` says it all).
   */
  allCoins: groupOrNull(group({ commission: orNull(money("USDT", "self")), prices: pricesUsedField })),
  buckets: list(day()),
  series: list(seriesPoint),
  bySymbol: list(symbolRow),
  rates: list(rateRow),
});
export type InviteeDetailAnswer = z.output<typeof inviteeDetailAnswer>;
export type InviteeDetailReport = ReportPart<InviteeDetailAnswer>;
export type InviteeFigures = z.output<typeof figures>;
export type InviteeMilestone = z.output<typeof milestone>;
export type InviteeSymbolRow = z.output<typeof symbolRow>;
export type InviteeRateRow = z.output<typeof rateRow>;
export type InviteeProfile = z.output<typeof profile>;

/** The figures of the page's comparison, in its order, each a defined metric (lib/metrics): label and definition from there (CSV labels add the unit). */
export const INVITEE_FIGURES = [
  { key: "commission", metric: METRICS.commission, unit: "coin", synced: "commissionSynced" },
  { key: "fee", metric: METRICS.netFee, unit: "coin", synced: "commissionSynced" },
  { key: "effectiveRate", metric: METRICS.effectiveRate, unit: "ratio", synced: "commissionSynced" },
  { key: "takerVolume", metric: METRICS.takerVolume, unit: "USDT", synced: "commissionSynced" },
  { key: "makerVolume", metric: METRICS.makerVolume, unit: "USDT", synced: "commissionSynced" },
  { key: "depositAmount", metric: METRICS.deposits, unit: "USDT", synced: "assetsSynced" },
  { key: "withdrawalAmount", metric: METRICS.withdrawals, unit: "USDT", synced: "assetsSynced" },
  { key: "netDeposit", metric: METRICS.netDeposits, unit: "USDT", synced: "assetsSynced" },
  { key: "spotTradingAmount", metric: METRICS.spotVolume, unit: "USDT", synced: "assetsSynced" },
  { key: "futuresTradingAmount", metric: METRICS.futuresVolume, unit: "USDT", synced: "assetsSynced" },
] as const satisfies ReadonlyArray<{ key: keyof InviteeFigures; metric: MetricDefinition; unit: "coin" | "USDT" | "ratio"; synced: "commissionSynced" | "assetsSynced" }>;

/** The chart's stacks: one per product. */
export const INVITEE_SERIES = [
  { key: "FUTURES", label: "Futures" },
  { key: "SPOT", label: "Spot" },
] as const;

const p = profile.shape;
const m = milestone.shape;
const s = seriesPoint.shape;
const sym = symbolRow.shape;
const r = rateRow.shape;

export const inviteeContract = defineContract({
  name: "invitee",
  // One invitee's page: /invitees/<uid> (lib/reports/entity-links.ts inviteeHref), under the directory.
  title: "Invitee",
  path: "/invitees",
  answer: inviteeDetailAnswer,
  filters: ["coin", "interval", "tz"],
  // The uid itself is a shared filter (filters.ts); the API's 400/404 for a missing or unknown one is the report's.
  params: { dormantDays: DORMANT_DAYS_RULE },
  tables: {
    profile: table("Profile", {
      uid: column("Invitee uid", p.uid),
      inviteCode: column("Invite code", p.inviteCode),
      registerTime: column("Registered", p.registerTime),
      kyc: column("KYC", p.kycResult),
      firstDeposit: column("First deposit", p.firstDeposit),
      lastDeposit: column("Last deposit", p.lastDeposit),
      firstTrade: column("First trade", p.firstTrade),
      lastTrade: column("Last trade", p.lastTrade),
      status: column("Status", text()),
      rank: column("Rank by commission", rank.shape.position),
      rankOf: column("Of invitees", rank.shape.of),
    }),
    milestones: table("Milestones", {
      uid: column("Invitee uid", p.uid),
      step: column("Step", m.step),
      reached: column("Reached", m.reached),
      at: column("When", m.at),
      hoursSincePrevious: column("Hours since the step before", m.hoursSincePrevious),
    }),
    comparison: table("This period and the previous one", {
      uid: column("Invitee uid", p.uid),
      figure: column("Figure", text()),
      unit: column("Unit", text()),
      current: column("This period", figures.shape.commission),
      // While today is partial: this period without today, what the change compares with the previous period's days.
      currentWholeDays: column("This period, whole days (today left out)", figures.shape.commission),
      previous: column("Previous period", figures.shape.commission),
      currentSynced: column("This period synced", figures.shape.commissionSynced),
      previousSynced: column("Previous period synced", figures.shape.commissionSynced),
    }),
    series: table("Commission per period", {
      bucket: column("Period", s.bucket),
      coin: column("Coin", s.coin),
      FUTURES: column("Futures", s.commission),
      SPOT: column("Spot", s.commission),
      total: column("Total", s.commission),
    }),
    "by-symbol": table("By symbol", {
      symbol: column("Symbol", sym.symbol),
      coin: column("Coin", sym.coin),
      commission: metricColumn(METRICS.commission, sym.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, sym.commissionUsdt),
      fee: metricColumn(METRICS.netFee, sym.fee),
      feeUsdt: metricColumn(METRICS.netFeeValued, sym.feeUsdt),
      takerVolume: metricColumn(METRICS.takerVolume, sym.takerVolume),
      makerVolume: metricColumn(METRICS.makerVolume, sym.makerVolume),
      items: column("Items", sym.items),
    }),
    rates: table("Rates applied", {
      rate: column("Rate", r.rate),
      productType: column("Product", r.productType),
      coin: column("Coin", r.coin),
      items: column("Items", r.items),
      commission: metricColumn(METRICS.commission, r.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, r.commissionUsdt),
    }),
  },
});
