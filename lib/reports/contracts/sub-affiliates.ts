/**
 * The Sub-affiliates report's contract: per sub-affiliate trading volume, net
 * fee and paid commission over time (USDT), their ranking and share of the
 * total volume (fractions, 6 dp). Sub-affiliates are partners: their uids are
 * shown on every link.
 */
import type { z } from "zod";
import { exactDifference } from "../../decimal/exact";
import { count, day, group, list, money, ratio, uid } from "./fields";
import { answerSchema, column, defineReport, table, type ReportPart } from "./report-contract";

const inTotals = { of: "totals" } as const;
const rankingRow = group({
  subAffiliateUid: uid("sub-affiliate"),
  tradingVolume: money("USDT", inTotals),
  netTradingFee: money("USDT", inTotals),
  paidCommission: money("USDT", inTotals),
  /** This sub-affiliate's share of the total volume (fraction, 6 dp). */
  volumeShare: ratio(),
  activeDays: count(),
});
const seriesPoint = group({ bucket: day(), tradingVolume: money("USDT", inTotals), netTradingFee: money("USDT", inTotals), paidCommission: money("USDT", inTotals) });
const totals = group({ tradingVolume: money("USDT", "self"), netTradingFee: money("USDT", "self"), paidCommission: money("USDT", "self"), subAffiliates: count() });

export const subAffiliateAnswer = answerSchema({ buckets: list(day()), series: list(seriesPoint), ranking: list(rankingRow), totals });
export type SubAffiliateAnswer = z.output<typeof subAffiliateAnswer>;
export type SubAffiliateReport = ReportPart<SubAffiliateAnswer>;
export type SubAffiliateRanking = z.output<typeof rankingRow>;
export type SubAffiliateSeriesPoint = z.output<typeof seriesPoint>;

/** The chart's stacks: the part of the net fee paid to sub-affiliates, and the part kept. */
export const SUB_AFFILIATE_SERIES = [
  { key: "paid", label: "Paid commission" },
  { key: "fee", label: "Net fee kept" },
] as const;

/** The fee kept: net fee − paid commission (exact). */
export const feeKept = (p: Pick<SubAffiliateSeriesPoint, "netTradingFee" | "paidCommission">): string => exactDifference(p.netTradingFee, p.paidCommission);

const r = rankingRow.shape;
const s = seriesPoint.shape;
const t = totals.shape;
export const subAffiliatesContract = defineReport({
  name: "sub-affiliates",
  answer: subAffiliateAnswer,
  filters: ["product", "interval", "sub"],
  tables: {
    totals: table("Totals", {
      tradingVolume: column("Trading volume (USDT)", t.tradingVolume),
      netTradingFee: column("Net trading fee (USDT)", t.netTradingFee),
      paidCommission: column("Paid commission (USDT)", t.paidCommission),
      subAffiliates: column("Sub-affiliates", t.subAffiliates),
    }),
    series: table("Fees per period", {
      bucket: column("Period", s.bucket),
      paid: column("Paid commission (USDT)", s.paidCommission),
      // The chart's second stack: the part of the net fee not paid out (exact difference).
      fee: column("Net fee kept (USDT)", s.netTradingFee),
      netTradingFee: column("Net trading fee (USDT)", s.netTradingFee),
      tradingVolume: column("Trading volume (USDT)", s.tradingVolume),
    }),
    ranking: table("Sub-affiliate ranking", {
      subAffiliateUid: column("Sub-affiliate", r.subAffiliateUid),
      tradingVolume: column("Volume (USDT)", r.tradingVolume),
      volumeShare: column("Share of volume", r.volumeShare),
      netTradingFee: column("Net fee (USDT)", r.netTradingFee),
      paidCommission: column("Paid commission (USDT)", r.paidCommission),
      activeDays: column("Active days", r.activeDays),
    }),
  },
});
