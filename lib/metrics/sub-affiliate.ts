/**
 * The figures of the Sub-affiliate report, in the one shape of every metric
 * definition (./definitions.ts: label, one-sentence definition — what it counts,
 * which invitees, which days, which coin —, unit, comparison, blank where not held). Every place that
 * shows one — card, "?" tooltip, table header, CSV header, PDF, share view,
 * digest — takes its label and definition from here, so a label never says
 * more than its definition. Words like "your", "kept", "earned", "paid" are
 * used only for money that is that: net fee − the sub's commission is the
 * exchange's part plus the affiliate's override together (../shared/sandbox-data.md,
 * "Sub-affiliates and the override"), so it is neither "kept" nor "yours".
 * Browser-safe.
 */

import { NOT_HELD, type MetricDefinition } from "./definitions";

/** Every figure of the page is a USDT amount from the warehouse, compared in relative %, blank where not held. */
const usdtAmount = { unit: "USDT", compare: "relative", whereNotHeld: NOT_HELD } as const;

export const SUB_AFFILIATE_METRICS = {
  tradingVolume: {
    label: "Trading volume",
    definition:
      "Taker plus maker volume of the invitees this sub-affiliate brought, on the selected UTC calendar days, in USDT as the exchange's sub-affiliate report (querySubChannelTransactions) gives it.",
    ...usdtAmount,
  },
  netTradingFee: {
    label: "Sub-affiliate's net fee",
    definition:
      "Net trading fee the exchange collected from the invitees this sub-affiliate brought, on the selected UTC calendar days, from their USDT-fee trades only (the sub-affiliate report's netTradingFee).",
    ...usdtAmount,
  },
  paidCommission: {
    label: "Paid to the sub-affiliate",
    definition:
      "Commission the exchange paid this sub-affiliate for its invitees' trades on the selected UTC calendar days, in USDT: the sub-affiliate's own share of its net fee (the report's paidCommission).",
    ...usdtAmount,
  },
  afterSubShare: {
    label: "Left after the sub-affiliate's share",
    definition:
      "The sub-affiliate's net fee minus what was paid to it, on the selected UTC calendar days, in USDT: the exchange's part and your override together, which the interface does not split, so it is not your earnings.",
    ...usdtAmount,
  },
  overrideAllSubAgents: {
    label: "Your commission via all sub-agents",
    definition:
      "The total of your own commission items marked as coming through a sub-agent (sourceType 2), on the selected UTC calendar days, in USDT: all sub-affiliates together, because the interface never says which sub-affiliate an item came through.",
    ...usdtAmount,
  },
  overrideEstimate: {
    label: "Your override from this sub-affiliate, estimate",
    definition:
      "An estimate: for each UTC day and product, your sourceType 2 USDT commission times this sub-affiliate's part of all sub-affiliates' net fee that day, summed over the selected days — exact only if every sub-affiliate had the same override rate, which WEEX does not require.",
    ...usdtAmount,
  },
  volumeShare: {
    label: "Share of all sub-affiliates' volume",
    definition:
      "This sub-affiliate's trading volume (USDT) as a share of every sub-affiliate's (of the product, in a per-product table), on the selected UTC calendar days; a share, so a change is in percentage points.",
    unit: "share",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
  feeShare: {
    label: "Share of all sub-affiliates' net fee",
    definition:
      "This sub-affiliate's net fee (USDT) as a share of every sub-affiliate's (of the product, in a per-product table), on the selected UTC calendar days; a share, so a change is in percentage points.",
    unit: "share",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
  commissionShare: {
    label: "Share of all sub-affiliates' paid commission",
    definition:
      "What was paid to this sub-affiliate (USDT) as a share of what was paid to every sub-affiliate (of the product, in a per-product table), on the selected UTC calendar days; a share, so a change is in percentage points.",
    unit: "share",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
  activeDays: {
    label: "Active days",
    definition:
      "The selected UTC calendar days on which the exchange's sub-affiliate report holds a record of this sub-affiliate (any product, unless one is chosen).",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
} as const satisfies Record<string, MetricDefinition>;

/**
 * The Sub-affiliates page's figures: every sub-affiliate together (its totals, its chart and its CSV per period),
 * in the same shape. The ranking's rows are one sub-affiliate each, so they take the definitions above.
 */
export const SUB_AFFILIATES_METRICS = {
  allTradingVolume: {
    label: "Sub-affiliates' trading volume",
    definition:
      "Taker plus maker volume of the invitees every sub-affiliate brought, together, on the selected UTC calendar days (each period's in a per-period table), in USDT as the exchange's sub-affiliate report gives it.",
    ...usdtAmount,
  },
  allNetTradingFee: {
    label: "Sub-affiliates' net fee",
    definition:
      "Net trading fee the exchange collected from the invitees every sub-affiliate brought, together, on the selected UTC calendar days (each period's in a per-period table), from their USDT-fee trades only.",
    ...usdtAmount,
  },
  allPaidCommission: {
    label: "Paid to sub-affiliates",
    definition:
      "Commission the exchange paid all sub-affiliates together for their invitees' trades on the selected UTC calendar days (each period's in a per-period table), in USDT: their own shares of their net fee, not your commission.",
    ...usdtAmount,
  },
  allAfterSubShare: {
    label: "Left after sub-affiliates' share",
    definition:
      "The sub-affiliates' net fee minus what was paid to them, on the selected UTC calendar days (each period's in a per-period table), in USDT: the exchange's part and your override together, which the interface does not split, so it is not your earnings.",
    ...usdtAmount,
  },
  activeSubAffiliates: {
    label: "Active sub-affiliates",
    definition: "Sub-affiliates with at least one record in the exchange's sub-affiliate report on the selected UTC calendar days (of the chosen product, if any).",
    unit: "count",
    compare: "relative",
    whereNotHeld: NOT_HELD,
  },
} as const satisfies Record<string, MetricDefinition>;

export type SubAffiliateMetric = keyof typeof SUB_AFFILIATE_METRICS;
