/**
 * The Sub-affiliate report's contract: one sub-affiliate (querySubChannelTransactions
 * records, USDT) over the range — volume, net fee and paid commission per period and
 * product, its share of all sub-affiliates' totals per product, what is left after
 * the sub's share (net fee − paid commission: the exchange's part and the affiliate's
 * override together, not the affiliate's earnings) over time, the previous period, an
 * estimate of the affiliate's override from this sub — and the invitees who came
 * through sub-agents, in aggregate: the interface's commission items say sourceType 2
 * (via a sub-agent) but never which one, so none of them is attributed to this
 * sub-affiliate. Sub-affiliates are partners (their uid is shown on every link);
 * invitee uids are masked on links that say so.
 */
import { z } from "zod";
import { COMMISSION_COINS, PRODUCT_TYPES } from "../../weex/schema/enums";
import { pricesUsedField } from "../../prices/contract";
import { count, day, group, groupOrNull, list, money, oneOf, orNull, ratio, text, uid } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { METRICS } from "../../metrics/definitions";
import { SUB_AFFILIATE_METRICS as M } from "../../metrics/sub-affiliate";

/** The sub-affiliate, from the URL (`uid`): required, digits; a bad or missing one is a 400 naming `uid`. */
export const subAffiliateQuerySchema = z.object({
  uid: z.string({ error: "required: the sub-affiliate's uid" }).regex(/^\d{1,20}$/, "must be a sub-affiliate uid (1 to 20 digits)"),
});

const inTotals = { of: "totals" } as const;
const sums = (whole: typeof inTotals | { changeFrom: string } | { changeTo: string }) => ({
  tradingVolume: money("USDT", whole),
  netTradingFee: money("USDT", whole),
  paidCommission: money("USDT", whole),
  /** Net fee − paid commission (exact): the exchange's part plus the affiliate's override, not the affiliate's earnings (lib/metrics/sub-affiliate.ts). */
  afterSubShare: money("USDT", whole),
});
const previousOf = (field: string) => ({ of: "previous", fields: [field] }) as const;

const seriesPoint = group({ bucket: day(), productType: oneOf(PRODUCT_TYPES), ...sums(inTotals) });
const feeSplitPoint = group({ bucket: day(), netTradingFee: money("USDT", inTotals), paidCommission: money("USDT", inTotals), afterSubShare: money("USDT", inTotals) });
const productRow = group({
  productType: oneOf(PRODUCT_TYPES),
  ...sums(inTotals),
  /** This sub-affiliate's part of all sub-affiliates' volume, net fee and paid commission of the product (fractions, 6 dp). */
  volumeShare: ratio(),
  feeShare: ratio(),
  commissionShare: ratio(),
  previousTradingVolume: money("USDT", previousOf("tradingVolume")),
  previousNetTradingFee: money("USDT", previousOf("netTradingFee")),
  previousPaidCommission: money("USDT", previousOf("paidCommission")),
  previousAfterSubShare: money("USDT", previousOf("afterSubShare")),
});
/** On a percentages link the totals show their change against the previous period, and the previous period's the same change. */
const totals = group({ ...sums({ changeFrom: "previous" }), activeDays: count() });
/**
 * The range's previous period (lib/reports/periods.ts): the days a change compares, so without its last day while
 * today is partial (`periods.partialDay`).
 */
const previous = group({ from: day(), to: day(), ...sums({ changeTo: "totals" }), activeDays: count() });
/** The days the warehouse holds any record of this sub-affiliate (all time, not only the range). */
const known = group({ firstDay: orNull(day()), lastDay: orNull(day()) });
/**
 * The affiliate's override (lib/metrics/sub-affiliate.ts): the total of its sourceType 2 USDT items over the range's
 * UTC days (every sub-affiliate together: the interface never splits it), and this sub's part of it, estimated pro
 * rata by net fee per day and product. On a percentages link the estimate shows as its part of that total.
 */
const override = group({ allSubAgents: money("USDT", { of: "override" }), estimate: money("USDT", { of: "override", fields: ["allSubAgents"] }) });

const inViaTotals = { of: "viaSubAgents", fields: ["commission"] } as const;
/** commissionUsdt: the commission in USDT at each day's close (null: a day not valued); in a USDT view, the commission. */
const viaInvitee = group({ uid: uid("invitee"), coin: oneOf(COMMISSION_COINS), commission: money("row", inViaTotals), commissionUsdt: orNull(money("USDT", { of: "viaSubAgents", fields: ["commissionUsdt"] })), volume: money("USDT", { of: "viaSubAgents", fields: ["volume"] }) });
/** Every invitee whose commission items came via a sub-agent (any sub-affiliate), in the view's coin. */
const viaSubAgents = group({ coin: oneOf(COMMISSION_COINS), invitees: count(), commission: money("row", "self"), commissionUsdt: orNull(money("USDT", "self")), volume: money("USDT", "self"), top: list(viaInvitee), prices: groupOrNull(pricesUsedField) });

export const subAffiliateDetailAnswer = answerSchema({
  subAffiliateUid: uid("sub-affiliate"),
  known,
  buckets: list(day()),
  series: list(seriesPoint),
  feeSplit: list(feeSplitPoint),
  products: list(productRow),
  totals,
  /** The range without today while today is partial: what the changes compare with `previous`; null otherwise (or today alone). */
  currentWholeDays: groupOrNull(totals),
  previous,
  override,
  viaSubAgents,
});
export type SubAffiliateDetailAnswer = z.output<typeof subAffiliateDetailAnswer>;
export type SubAffiliateDetailReport = ReportPart<SubAffiliateDetailAnswer>;
export type SubAffiliateSeriesRow = z.output<typeof seriesPoint>;
export type SubAffiliateFeeSplitPoint = z.output<typeof feeSplitPoint>;
export type SubAffiliateProductRow = z.output<typeof productRow>;
export type ViaSubAgentInvitee = z.output<typeof viaInvitee>;

/** How many invitees via sub-agents the answer lists (by commission). */
export const VIA_SUB_AGENTS_TOP = 20;

/** The fee chart's stacks: the part of the net fee paid to the sub-affiliate, and what is left after it (exchange + override). */
export const FEE_SPLIT_SERIES = [
  { key: "paid", label: M.paidCommission.label },
  { key: "afterSubShare", label: M.afterSubShare.label },
] as const;

const s = seriesPoint.shape;
const m = feeSplitPoint.shape;
const p = productRow.shape;
const t = totals.shape;
const pr = previous.shape;
const v = viaInvitee.shape;
export const subAffiliateContract = defineContract({
  name: "sub-affiliate",
  // One sub-affiliate's page is /sub-affiliates/<uid> (lib/reports/entity-links.ts); this is where it lives.
  title: "Sub-affiliate",
  path: "/sub-affiliates",
  answer: subAffiliateDetailAnswer,
  filters: ["product", "coin", "interval"],
  // The uid is a shared filter (filters.ts); the API's 400/404 for a missing or unknown sub-affiliate is the report's.
  tables: {
    products: table("Per product: totals, shares of all sub-affiliates, previous period", {
      productType: column("Product", p.productType),
      tradingVolume: metricColumn(M.tradingVolume, p.tradingVolume),
      volumeShare: metricColumn(M.volumeShare, p.volumeShare),
      netTradingFee: metricColumn(M.netTradingFee, p.netTradingFee),
      feeShare: metricColumn(M.feeShare, p.feeShare),
      paidCommission: metricColumn(M.paidCommission, p.paidCommission),
      commissionShare: metricColumn(M.commissionShare, p.commissionShare),
      afterSubShare: metricColumn(M.afterSubShare, p.afterSubShare),
      previousTradingVolume: metricColumn(M.tradingVolume, p.previousTradingVolume, "previous"),
      previousNetTradingFee: metricColumn(M.netTradingFee, p.previousNetTradingFee, "previous"),
      previousPaidCommission: metricColumn(M.paidCommission, p.previousPaidCommission, "previous"),
      previousAfterSubShare: metricColumn(M.afterSubShare, p.previousAfterSubShare, "previous"),
      // The previous columns are empty where the warehouse does not hold those days: this says why, never a 0.
      previousCoverage: column("Previous period coverage", text()),
    }),
    totals: table("Totals and previous period", {
      period: column("Period", text()),
      from: column("From", pr.from),
      to: column("To", pr.to),
      tradingVolume: metricColumn(M.tradingVolume, t.tradingVolume),
      netTradingFee: metricColumn(M.netTradingFee, t.netTradingFee),
      paidCommission: metricColumn(M.paidCommission, t.paidCommission),
      afterSubShare: metricColumn(M.afterSubShare, t.afterSubShare),
      activeDays: metricColumn(M.activeDays, t.activeDays),
      // "synced", or why the row's figures are empty ("not synced: history starts …").
      coverage: column("Coverage", text()),
    }),
    series: table("Per period and product", {
      bucket: column("Period", s.bucket),
      productType: column("Product", s.productType),
      tradingVolume: metricColumn(M.tradingVolume, s.tradingVolume),
      netTradingFee: metricColumn(M.netTradingFee, s.netTradingFee),
      paidCommission: metricColumn(M.paidCommission, s.paidCommission),
      afterSubShare: metricColumn(M.afterSubShare, s.afterSubShare),
    }),
    "fee-split": table("Net fee per period: paid to the sub-affiliate, and left after its share", {
      bucket: column("Period", m.bucket),
      paid: metricColumn(M.paidCommission, m.paidCommission),
      afterSubShare: metricColumn(M.afterSubShare, m.afterSubShare),
      netTradingFee: metricColumn(M.netTradingFee, m.netTradingFee),
    }),
    "via-sub-agents": table("Invitees via sub-agents (any sub-affiliate)", {
      uid: column("Invitee uid", v.uid),
      coin: column("Coin", v.coin),
      commission: metricColumn(METRICS.commission, v.commission),
      commissionUsdt: metricColumn(METRICS.commissionValued, v.commissionUsdt),
      volume: metricColumn(METRICS.volumeInCoin, v.volume),
    }),
  },
});
