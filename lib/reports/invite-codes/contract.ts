/**
 * The Invite codes report's contract: per invite code, the invitees who signed up
 * in the range with it — how many, how many passed KYC, deposited and traded
 * (counts and conversions), the median time from sign-up to the first deposit
 * and to the first trade — and those invitees' commission (in the view's coin:
 * USDT unless `coin` names another; coins are never added) and volume (USDT)
 * over the range. The headline adds every coin of the cohort's commission in
 * ≈ USDT at each day's close (`allCoins`, docs/prices.md), with each coin beside it. The interface gives no KYC time, so there is no median for it.
 * Sorted on the server (sort/dir in the URL), so the CSV has the page's order.
 */
import { z } from "zod";
import { COMMISSION_COINS } from "../../weex/schema/enums";
import { count, group, hours, list, money, oneOf, orNull, ratio, text } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS } from "../../metrics/definitions";
import { directionRule, sortDirection } from "../contracts/query-rules";
import { allCoinsField, valuationTable } from "../../prices/contract";

export const INVITE_CODE_SORTS = ["signups", "kyc", "deposited", "traded", "tradeRate", "commission", "volume", "inviteCode"] as const;
export type InviteCodeSort = (typeof INVITE_CODE_SORTS)[number];

/**
 * Fewer sign-ups than this make a code's conversions a small sample: 1 of 1 is "100 %" but says little. Such
 * rates are marked on the page and rank after the codes with enough sign-ups when the table sorts by a rate.
 */
export const SMALL_SAMPLE = 20;
export const isSmallSample = (signups: number): boolean => signups < SMALL_SAMPLE;
const RATE_SORTS: ReadonlySet<InviteCodeSort> = new Set(["tradeRate"]);
export const sortsByRate = (sort: InviteCodeSort): boolean => RATE_SORTS.has(sort);

export const inviteCodeQuerySchema = z.object({
  sort: z.enum(INVITE_CODE_SORTS).default("signups"),
  dir: sortDirection.default("desc"),
});
export type InviteCodeQuery = z.output<typeof inviteCodeQuerySchema>;

const inTotals = { of: "totals" } as const;
const funnel = {
  signups: count(),
  kyc: count(),
  deposited: count(),
  traded: count(),
  /** kyc / sign-ups, deposited / sign-ups, traded / sign-ups (fractions, 6 dp); null without sign-ups. */
  kycRate: orNull(ratio()),
  depositRate: orNull(ratio()),
  tradeRate: orNull(ratio()),
  /** Median hours from sign-up to the first deposit, and to the first trade, of those who got there. */
  medianHoursToDeposit: orNull(hours()),
  medianHoursToTrade: orNull(hours()),
};
const codeRow = group({
  inviteCode: text(),
  ...funnel,
  coin: oneOf(COMMISSION_COINS),
  commission: money("row", inTotals),
  /**
   * The commission in USDT at each day's own close (the amount itself in USDT); null: a day's close is not held.
   * A share of the totals' value on a percentages link, as the commission is of the totals' commission.
   */
  commissionUsdt: orNull(money("USDT", inTotals)),
  volume: money("USDT", inTotals),
});
const totals = group({
  codes: count(),
  ...funnel,
  coin: oneOf(COMMISSION_COINS),
  commission: money("row", "self"),
  commissionUsdt: orNull(money("USDT", "self")),
  volume: money("USDT", "self"),
});

export const inviteCodesAnswer = answerSchema({ rows: list(codeRow), totals, allCoins: allCoinsField });
export type InviteCodesAnswer = z.output<typeof inviteCodesAnswer>;
export type InviteCodesReport = ReportPart<InviteCodesAnswer>;
export type InviteCodeRow = z.output<typeof codeRow>;

/** The chart's stacks per code: where each sign-up stands (exclusive steps, so they add up to the sign-ups). */
export const INVITE_CODE_STAGES = [
  { key: "traded", label: METRICS.traded.label },
  { key: "depositedOnly", label: "Deposited, no trade yet" },
  { key: "signedUpOnly", label: "Signed up, no deposit" },
] as const;

/** A row's sign-ups split into the chart's exclusive stages (a trade without a deposit counts as traded). */
export function stagesOf(r: Pick<InviteCodeRow, "signups" | "deposited" | "traded">): Record<(typeof INVITE_CODE_STAGES)[number]["key"], number> {
  const depositedOnly = Math.max(0, r.deposited - r.traded);
  return { traded: r.traded, depositedOnly, signedUpOnly: Math.max(0, r.signups - r.traded - depositedOnly) };
}

const c = codeRow.shape;
export const inviteCodesContract = defineContract({
  name: "invite-codes",
  title: "Invite codes",
  path: "/invite-codes",
  answer: inviteCodesAnswer,
  filters: ["coin"],
  params: {
    sort: { schema: inviteCodeQuerySchema.shape.sort, fallback: "signups", expected: `a column (${INVITE_CODE_SORTS.join(", ")})`, fallbackWords: "signups" },
    dir: directionRule("desc"),
  },
  tables: {
    // "Traded" is the count of the code's sign-ups who traded; "First trade" its share of the sign-ups (lib/metrics).
    codes: table("Invite codes", {
      inviteCode: column("Invite code", c.inviteCode),
      signups: metricColumn(METRICS.signups, c.signups),
      kyc: metricColumn(METRICS.kycPassed, c.kyc),
      kycRate: column("KYC passed / sign-ups", c.kycRate),
      deposited: metricColumn(METRICS.deposited, c.deposited),
      depositRate: column("Deposited / sign-ups", c.depositRate),
      traded: metricColumn(METRICS.traded, c.traded),
      tradeRate: metricColumn(METRICS.firstTrade, c.tradeRate),
      medianHoursToDeposit: column("Median time sign-up → first deposit (hours)", c.medianHoursToDeposit),
      medianHoursToTrade: column("Median time sign-up → first trade (hours)", c.medianHoursToTrade),
      coin: column("Coin", c.coin),
      commission: metricColumn(METRICS.commission, c.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, c.commissionUsdt),
      volume: metricColumn(METRICS.volumeInCoin, c.volume),
    }),
    // The audit of the headline's USDT total: the cohort's commission per day and coin other than USDT, valued.
    valuation: valuationTable(),
  },
});
