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
  commission: {
    label: "Commission",
    definition: "Your commission from the commission items of USDT, every invitee (direct and through sub-affiliates), on the UTC days of the period.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  netFee: {
    label: "Net fee",
    definition: "The net trading fee of the USDT commission items, every invitee, on the UTC days of the period.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  effectiveRate: {
    label: "Effective rate (commission ÷ fee)",
    definition: "USDT commission divided by USDT net fee of the same items; a rate, so a change is in percentage points (pp).",
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
      "Taker or maker volume (USDT) of the commission items paid in the coin of this view only; the Overview's trading volume adds every coin's items, so it shows more.",
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
  netDeposits: {
    label: "Net deposits",
    definition: "Deposits minus withdrawals (USDT) of every invitee on the UTC days of the period, from the trade-and-asset report.",
    unit: "USDT",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
  firstTrade: {
    label: "First trade",
    definition: "Invitees who signed up in the period (or with the code) and have traded since, as a share of those sign-ups, on every page.",
    unit: "share",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
});

export type MetricKey = keyof typeof METRICS;

export function metric(key: MetricKey): MetricDefinition {
  return METRICS[key];
}

/** The label with its unit where it has a coin ("Commission (USDT)"). */
export function labelWithUnit(key: MetricKey): string {
  const m: MetricDefinition = METRICS[key];
  return m.unit === "USDT" ? `${m.label} (${unitWords(m)})` : m.label;
}

/** A money metric's unit as written: "USDT", or "≈ USDT" for an estimate. */
export const unitWords = (m: Pick<MetricDefinition, "unit" | "estimate">): string => `${m.estimate ? "≈ " : ""}${m.unit}`;
