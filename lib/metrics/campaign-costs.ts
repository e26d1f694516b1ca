/**
 * The campaign figures of Invite codes (issue #28), in the one shape of every metric definition (./definitions.ts).
 * "Commission" here is the manager's own money only: the `commission` of the manager's commission items
 * (getAffiliateCommission) of the code's invitees, direct (sourceType 1) and, for invitees who came through a
 * sub-affiliate, the manager's override on them (sourceType 2) — never a sub-affiliate's paid commission nor the net
 * fee (../shared/sandbox-data.md, "Sub-affiliates and the override"). Costs are the team's internal spend: shown to
 * analysts, never on a share link. Browser-safe.
 */
import { NOT_HELD, type MetricDefinition } from "./definitions";

const estimate = { unit: "USDT", compare: "relative", estimate: true } as const;
const perCost = (what: string, who: string): string =>
  `The code's cost in the period (≈ USDT) divided by the number of ${who}, in USDT; blank when no cost is entered, a cost is not valued, or there are no ${what} (never 0 or ∞).`;

export const CAMPAIGN_METRICS = {
  campaignCost: {
    label: "Cost",
    definition:
      "What analysts entered as spent on the invite code, on the UTC days of the period, in USDT: costs in USDT as entered, costs in another coin valued at the close of their own day on the connection's price basis (an estimate, so ≈); blank when a cost's close is not held or no cost is entered.",
    ...estimate,
    whereNotHeld: "no cost entered: blank, never 0",
  },
  costPerSignup: { label: "Cost per sign-up", definition: perCost("sign-ups", "invitees who signed up with the code in the period"), ...estimate, whereNotHeld: NOT_HELD },
  costPerDeposit: { label: "Cost per first deposit", definition: perCost("first deposits", "those sign-ups who have made a first deposit since"), ...estimate, whereNotHeld: NOT_HELD },
  costPerTrade: { label: "Cost per first trade", definition: perCost("first trades", "those sign-ups who have made a first trade since"), ...estimate, whereNotHeld: NOT_HELD },
  commissionSinceSignup: {
    label: "Commission since sign-up",
    definition:
      "Your own commission (your commission items: direct, and your override on sub-affiliates' invitees; never a sub-affiliate's share) from the invitees who signed up with the code in the period, on every UTC day from each one's sign-up day through the last whole day synced, in USDT: other coins valued at their day's close on the connection's price basis (≈); blank when a day's close is not held.",
    ...estimate,
    whereNotHeld: NOT_HELD,
  },
  campaignReturn: {
    label: "Return",
    definition:
      "Commission since sign-up ÷ cost, a ratio written as 1.25× (1× = the commission equals the cost); not profit, since nothing is subtracted; blank when no cost is entered or either side is not valued.",
    unit: "rate",
    compare: "points",
    whereNotHeld: NOT_HELD,
  },
} satisfies Record<string, MetricDefinition>;
export type CampaignMetricKey = keyof typeof CAMPAIGN_METRICS;
