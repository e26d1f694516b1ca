/**
 * The Sub-affiliate report's contract: one sub-affiliate (querySubChannelTransactions
 * records, USDT) over the range — volume, net fee and paid commission per period and
 * product, its share of all sub-affiliates' totals per product, the margin kept (net
 * fee − paid commission) over time, the previous period — and the invitees who came
 * through sub-agents, in aggregate: the interface's commission items say sourceType 2
 * (via a sub-agent) but never which one, so none of them is attributed to this
 * sub-affiliate. Sub-affiliates are partners (their uid is shown on every link);
 * invitee uids are masked on links that say so.
 */
import { z } from "zod";
import { COMMISSION_COINS, PRODUCT_TYPES } from "../../weex/schema/enums";
import { count, day, group, list, money, oneOf, orNull, ratio, text, uid } from "./fields";
import { answerSchema, column, defineReport, table, type ReportPart } from "./report-contract";

/** The sub-affiliate, from the URL (`uid`): required, digits; a bad or missing one is a 400 naming `uid`. */
export const subAffiliateQuerySchema = z.object({
  uid: z.string({ error: "required: the sub-affiliate's uid" }).regex(/^\d{1,20}$/, "must be a sub-affiliate uid (1 to 20 digits)"),
});

const inTotals = { of: "totals" } as const;
const sums = (whole: typeof inTotals | { changeFrom: string } | { changeTo: string }) => ({
  tradingVolume: money("USDT", whole),
  netTradingFee: money("USDT", whole),
  paidCommission: money("USDT", whole),
  /** Net fee − paid commission: what the affiliate keeps (exact). */
  margin: money("USDT", whole),
});
const previousOf = (field: string) => ({ of: "previous", fields: [field] }) as const;

const seriesPoint = group({ bucket: day(), productType: oneOf(PRODUCT_TYPES), ...sums(inTotals) });
const marginPoint = group({ bucket: day(), netTradingFee: money("USDT", inTotals), paidCommission: money("USDT", inTotals), margin: money("USDT", inTotals) });
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
  previousMargin: money("USDT", previousOf("margin")),
});
/** On a percentages link the totals show their change against the previous period, and the previous period's the same change. */
const totals = group({ ...sums({ changeFrom: "previous" }), activeDays: count() });
/** The same number of whole UTC days right before the range (lib/reports/periods.ts). */
const previous = group({ from: day(), to: day(), ...sums({ changeTo: "totals" }), activeDays: count() });
/** The days the warehouse holds any record of this sub-affiliate (all time, not only the range). */
const known = group({ firstDay: orNull(day()), lastDay: orNull(day()) });

const inViaTotals = { of: "viaSubAgents", fields: ["commission"] } as const;
const viaInvitee = group({ uid: uid("invitee"), coin: oneOf(COMMISSION_COINS), commission: money("row", inViaTotals), volume: money("USDT", { of: "viaSubAgents", fields: ["volume"] }) });
/** Every invitee whose commission items came via a sub-agent (any sub-affiliate), in the view's coin. */
const viaSubAgents = group({ coin: oneOf(COMMISSION_COINS), invitees: count(), commission: money("row", "self"), volume: money("USDT", "self"), top: list(viaInvitee) });

export const subAffiliateDetailAnswer = answerSchema({
  subAffiliateUid: uid("sub-affiliate"),
  known,
  buckets: list(day()),
  series: list(seriesPoint),
  margin: list(marginPoint),
  products: list(productRow),
  totals,
  previous,
  viaSubAgents,
});
export type SubAffiliateDetailAnswer = z.output<typeof subAffiliateDetailAnswer>;
export type SubAffiliateDetailReport = ReportPart<SubAffiliateDetailAnswer>;
export type SubAffiliateSeriesRow = z.output<typeof seriesPoint>;
export type SubAffiliateMarginPoint = z.output<typeof marginPoint>;
export type SubAffiliateProductRow = z.output<typeof productRow>;
export type ViaSubAgentInvitee = z.output<typeof viaInvitee>;

/** How many invitees via sub-agents the answer lists (by commission). */
export const VIA_SUB_AGENTS_TOP = 20;

/** The margin chart's stacks: the part of the net fee paid to the sub-affiliate, and the part kept. */
export const MARGIN_SERIES = [
  { key: "paid", label: "Paid commission" },
  { key: "margin", label: "Margin kept" },
] as const;

const s = seriesPoint.shape;
const m = marginPoint.shape;
const p = productRow.shape;
const t = totals.shape;
const pr = previous.shape;
const v = viaInvitee.shape;
export const subAffiliateContract = defineReport({
  name: "sub-affiliate",
  answer: subAffiliateDetailAnswer,
  filters: ["product", "coin", "interval"],
  tables: {
    products: table("Per product: totals, shares of all sub-affiliates, previous period", {
      productType: column("Product", p.productType),
      tradingVolume: column("Trading volume (USDT)", p.tradingVolume),
      volumeShare: column("Share of all sub-affiliates' volume", p.volumeShare),
      netTradingFee: column("Net trading fee (USDT)", p.netTradingFee),
      feeShare: column("Share of all sub-affiliates' net fee", p.feeShare),
      paidCommission: column("Paid commission (USDT)", p.paidCommission),
      commissionShare: column("Share of all sub-affiliates' paid commission", p.commissionShare),
      margin: column("Margin kept (USDT)", p.margin),
      previousTradingVolume: column("Previous period: trading volume (USDT)", p.previousTradingVolume),
      previousNetTradingFee: column("Previous period: net trading fee (USDT)", p.previousNetTradingFee),
      previousPaidCommission: column("Previous period: paid commission (USDT)", p.previousPaidCommission),
      previousMargin: column("Previous period: margin kept (USDT)", p.previousMargin),
    }),
    totals: table("Totals and previous period", {
      period: column("Period", text()),
      from: column("From", pr.from),
      to: column("To", pr.to),
      tradingVolume: column("Trading volume (USDT)", t.tradingVolume),
      netTradingFee: column("Net trading fee (USDT)", t.netTradingFee),
      paidCommission: column("Paid commission (USDT)", t.paidCommission),
      margin: column("Margin kept (USDT)", t.margin),
      activeDays: column("Active days", t.activeDays),
    }),
    series: table("Per period and product", {
      bucket: column("Period", s.bucket),
      productType: column("Product", s.productType),
      tradingVolume: column("Trading volume (USDT)", s.tradingVolume),
      netTradingFee: column("Net trading fee (USDT)", s.netTradingFee),
      paidCommission: column("Paid commission (USDT)", s.paidCommission),
      margin: column("Margin kept (USDT)", s.margin),
    }),
    margin: table("Margin kept per period", {
      bucket: column("Period", m.bucket),
      paid: column("Paid commission (USDT)", m.paidCommission),
      margin: column("Margin kept (USDT)", m.margin),
      netTradingFee: column("Net trading fee (USDT)", m.netTradingFee),
    }),
    "via-sub-agents": table("Invitees via sub-agents (any sub-affiliate)", {
      uid: column("Invitee uid", v.uid),
      coin: column("Coin", v.coin),
      commission: column("Commission", v.commission),
      volume: column("Volume (USDT)", v.volume),
    }),
  },
});
