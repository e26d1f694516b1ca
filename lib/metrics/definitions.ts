/**
 * One definition per metric: what a figure counts, which invitees, which days,
 * which coin, its unit, how it compares with another period and what it shows
 * where the warehouse holds nothing. Labels, "?" tooltips and CSV headers of
 * the figures below take their words from here, so two pages that show
 * different numbers for similar words say why on both (docs/metrics.md). The
 * one home of metric definitions: the sub-affiliate page's own figures are in
 * ./sub-affiliate.ts, in this same shape. Pure and browser-safe.
 */

/** How a change is stated: amounts and counts in relative %, rates and shares in percentage points. */
export type Comparison = "relative" | "points";
export type MetricUnit = "USDT" | "count" | "rate" | "share";

export interface MetricDefinition {
  /** The label every page, CSV and digest uses, without its unit (the view adds "(USDT)" or "% of total"). */
  label: string;
  /** One sentence: what it counts, which invitees, which days, which coin. */
  definition: string;
  unit: MetricUnit;
  compare: Comparison;
  /** What is shown where the warehouse holds nothing of the period (never 0). */
  whereNotHeld: string;
  /** An estimate (valued at a stated price): its unit is written "≈ USDT" everywhere it is shown. */
  estimate?: true;
}

/** The words of a period or bucket the warehouse does not hold: a blank cell, with this reason beside it. */
export const NOT_HELD = "not synced: blank, never 0";

const define = <K extends string>(defs: Record<K, MetricDefinition>) => defs;

export const METRICS = define({
  commissionAllCoins: {
    label: "Commission, all coins",
    definition:
      "Your commission from every commission item, direct and through sub-affiliates, on the UTC days of the period, in USDT: USDT items as paid, items in other coins valued at the close of their own day on the connection's price basis (an estimate, so ≈); blank when a day's price is not held.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
    estimate: true,
  },
  commissionValued: {
    label: "Commission valued",
    definition:
      "The commission its row stands for, in USDT: items paid in USDT as paid, items in another coin valued at the close of their own UTC day on the connection's price basis (an estimate, so ≈); blank when a day's price is not held.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
    estimate: true,
  },
  commission: {
    label: "Commission",
    definition:
      "Your commission from the commission items paid in the view's coin (USDT on the Overview's cards), direct and through sub-affiliates, of every invitee or, in a table, of those its row stands for, on the UTC days of the period.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  netFee: {
    label: "Net fee",
    definition:
      "The net trading fee of the commission items paid in the view's coin (USDT on the Overview's cards), of every invitee or, in a table, of those its row stands for, on the UTC days of the period.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  netFeeValued: {
    label: "Net fee valued",
    definition:
      "The net trading fee its row stands for, in USDT: items charged in USDT as charged, items in another coin valued at the close of their own UTC day on the connection's price basis (an estimate, so ≈); blank when a day's price is not held.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
    estimate: true,
  },
  effectiveRate: {
    label: "Effective rate (commission ÷ fee)",
    definition: "Commission divided by net fee of the same items, in one coin (USDT on the Overview's cards); a rate, so a change is in percentage points (pp).",
    unit: "rate",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
  volumeAllCoins: {
    label: "Trading volume, all coins",
    definition:
      "Taker + maker volume (USDT) of every commission item, whatever the coin its commission is paid in, every invitee, on the UTC days of the period; Commissions in one coin's view counts only that coin's items, so it shows less.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  volumeInCoin: {
    label: "Volume",
    definition:
      "Taker and maker volume (USDT) of the commission items paid in the coin of this view (or of the row's coin) only, of every invitee or of those the row stands for, on the UTC days of the period; the Overview's trading volume adds every coin's items, so it shows more.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  takerVolume: {
    label: "Taker volume",
    definition:
      "Taker volume (USDT) of the commission items paid in the view's coin only, of every invitee or of those a table's row stands for, on the UTC days of the period; part of the Overview's trading volume, which adds every coin's items.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  makerVolume: {
    label: "Maker volume",
    definition:
      "Maker volume (USDT) of the commission items paid in the view's coin only, of every invitee or of those a table's row stands for, on the UTC days of the period; part of the Overview's trading volume, which adds every coin's items.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  newInvitees: {
    label: "New invitees",
    definition: "Invitees who registered on the days of the period (their registration time), direct and through sub-affiliates.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  newTraders: {
    label: "New traders",
    definition:
      "Invitees whose first trade (the invitee list's first-trade time) falls on the UTC days of the period, whenever they signed up, direct and through sub-affiliates: a count.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  activeTraders: {
    label: "Invitees with commission items",
    definition:
      "Distinct invitees with at least one commission item of any coin in the period; Commissions counts those with items in its one coin (fewer), Trade & assets those with any trade-and-asset day, deposits and withdrawals included (more).",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  inviteesInCoin: {
    label: "Invitees",
    definition:
      "Distinct invitees with at least one commission item paid in this coin in the period; the Overview counts items of any coin, so its figure can be higher.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  tradeAssetInvitees: {
    label: "Invitees with trade or asset activity",
    definition:
      "Distinct invitees with a trade-and-asset day in the period: a trade, a deposit or a withdrawal; more than the Overview's invitees with commission items, which counts trades that earned an item only.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  deposits: {
    label: "Deposits",
    definition:
      "Deposits (USDT) on the UTC days of the period, from the trade-and-asset report: of every invitee, or in a table of the row's invitee.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  withdrawals: {
    label: "Withdrawals",
    definition:
      "Withdrawals (USDT) on the UTC days of the period, from the trade-and-asset report: of every invitee, or in a table of the row's invitee.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  netDeposits: {
    label: "Net deposits",
    definition:
      "Deposits minus withdrawals (USDT) on the UTC days of the period, from the trade-and-asset report: of every invitee, or in a table of the row's invitee.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  spotVolume: {
    label: "Spot volume",
    definition:
      "Spot trading amount (USDT) on the UTC days of the period, from the trade-and-asset report (of every invitee, or in a table of the row's invitee); the Overview's trading volume is read from commission items instead.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  futuresVolume: {
    label: "Futures volume",
    definition:
      "Futures trading amount (USDT) on the UTC days of the period, from the trade-and-asset report (of every invitee, or in a table of the row's invitee); the Overview's trading volume is read from commission items instead.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  spotAndFuturesVolume: {
    label: "Spot + futures volume",
    definition:
      "Spot plus futures trading amount (USDT) of the row's invitee on the UTC days of the period, from the trade-and-asset report; the Overview's trading volume is read from commission items instead.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  tradeAssetCommission: {
    label: "Commission, trade-and-asset report",
    definition:
      "Commission in USDT as the exchange's trade-and-asset report gives it, on the UTC days of the period, of every invitee or in a table of the row's invitee; the Overview and Commissions read the commission items, another of the exchange's reports, instead.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  signups: {
    label: "Sign-ups",
    definition:
      "Invitees who registered on the UTC days of the period with the row's invite code (with any code, in the totals), direct and through sub-affiliates.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  kycPassed: {
    label: "KYC passed",
    definition: "Of those sign-ups, how many have passed KYC by now; the exchange gives no time for it, so it has no median.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  deposited: {
    label: "Deposited",
    definition: "Of those sign-ups, how many have made a first deposit by now (a count; its share of the sign-ups is beside it).",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  traded: {
    label: "Traded",
    definition: "Of those sign-ups, how many have traded by now: a count, whose share of the sign-ups is the First trade figure.",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  firstTrade: {
    label: "First trade",
    definition:
      "The share of the invitees who signed up in the period (with the row's invite code, on Invite codes) who have traded since: traded ÷ sign-ups, on every page.",
    unit: "share",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
});

export type MetricKey = keyof typeof METRICS;

export function metric(key: MetricKey): MetricDefinition {
  return METRICS[key];
}

/** The label with its unit where it has a coin ("Commission (USDT)"): a metric of any of lib/metrics' files, or one here by key. */
export function labelWithUnit(of: MetricKey | MetricDefinition): string {
  const m: MetricDefinition = typeof of === "string" ? METRICS[of] : of;
  return m.unit === "USDT" ? `${m.label} (${unitWords(m)})` : m.label;
}

/** A money metric's unit as written: "USDT", or "≈ USDT" for an estimate. */
export const unitWords = (m: Pick<MetricDefinition, "unit" | "estimate">): string => `${m.estimate ? "≈ " : ""}${m.unit}`;
