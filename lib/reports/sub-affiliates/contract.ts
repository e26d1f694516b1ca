/**
 * The Sub-affiliates report's contract: per sub-affiliate trading volume, net
 * fee and paid commission over time (USDT), their ranking and share of the
 * total volume (fractions, 6 dp). Sub-affiliates are partners: their uids are
 * shown on every link.
 */
import type { z } from "zod";
import { exactDifference } from "../../decimal/exact";
import { count, day, group, list, money, orNull, ratio, text, uid } from "../contracts/fields";
import { answerSchema, column, defineContract, metricColumn, table, type ReportPart } from "../contracts/report-contract";
import { SUB_AFFILIATE_METRICS as ONE, SUB_AFFILIATES_METRICS as ALL } from "../../metrics/sub-affiliate";

const inTotals = { of: "totals" } as const;
const rankingRow = group({
  subAffiliateUid: uid("sub-affiliate"),
  tradingVolume: money("USDT", inTotals),
  netTradingFee: money("USDT", inTotals),
  paidCommission: money("USDT", inTotals),
  /** This sub-affiliate's share of the total volume (fraction, 6 dp). */
  volumeShare: ratio(),
  activeDays: count(),
  /**
   * Its volume in the previous period (the days a change compares: without the last one while today is partial).
   * Pages and CSV leave it blank where the warehouse does not hold those days (compared-gap.ts). On a percentages
   * link: its share of the column, i.e. of every sub-affiliate's previous volume.
   */
  previousTradingVolume: money("USDT", "column"),
  /** (whole days' volume − previous) ÷ |previous|, 6 dp; null when the previous is 0 or today is the only day. */
  volumeChange: orNull(ratio()),
});
const seriesPoint = group({ bucket: day(), tradingVolume: money("USDT", inTotals), netTradingFee: money("USDT", inTotals), paidCommission: money("USDT", inTotals) });
const totals = group({ tradingVolume: money("USDT", "self"), netTradingFee: money("USDT", "self"), paidCommission: money("USDT", "self"), subAffiliates: count() });

export const subAffiliateAnswer = answerSchema({ buckets: list(day()), series: list(seriesPoint), ranking: list(rankingRow), totals });
export type SubAffiliateAnswer = z.output<typeof subAffiliateAnswer>;
export type SubAffiliateReport = ReportPart<SubAffiliateAnswer>;
export type SubAffiliateRanking = z.output<typeof rankingRow>;
export type SubAffiliateSeriesPoint = z.output<typeof seriesPoint>;

/**
 * The chart's stacks: the part of the net fee paid to sub-affiliates, and what is left after their share — the
 * exchange's part and the affiliate's override together (lib/metrics/sub-affiliate.ts), not the affiliate's.
 */
export const SUB_AFFILIATE_SERIES = [
  { key: "paid", label: ALL.allPaidCommission.label },
  { key: "fee", label: ALL.allAfterSubShare.label },
] as const;

/** Net fee − paid commission (exact): left after the sub-affiliates' share (exchange + override). */
export const afterSubShare = (p: Pick<SubAffiliateSeriesPoint, "netTradingFee" | "paidCommission">): string => exactDifference(p.netTradingFee, p.paidCommission);

const r = rankingRow.shape;
const s = seriesPoint.shape;
const t = totals.shape;
export const subAffiliatesContract = defineContract({
  name: "sub-affiliates",
  title: "Sub-affiliates",
  path: "/sub-affiliates",
  answer: subAffiliateAnswer,
  filters: ["product", "interval", "sub"],
  tables: {
    totals: table("Totals", {
      tradingVolume: metricColumn(ALL.allTradingVolume, t.tradingVolume),
      netTradingFee: metricColumn(ALL.allNetTradingFee, t.netTradingFee),
      paidCommission: metricColumn(ALL.allPaidCommission, t.paidCommission),
      subAffiliates: metricColumn(ALL.activeSubAffiliates, t.subAffiliates),
    }),
    series: table("Fees per period", {
      bucket: column("Period", s.bucket),
      paid: metricColumn(ALL.allPaidCommission, s.paidCommission),
      // The chart's second stack: the part of the net fee not paid to sub-affiliates (exact difference), exchange's and override together.
      fee: metricColumn(ALL.allAfterSubShare, s.netTradingFee),
      netTradingFee: metricColumn(ALL.allNetTradingFee, s.netTradingFee),
      tradingVolume: metricColumn(ALL.allTradingVolume, s.tradingVolume),
    }),
    // One sub-affiliate a row: the one sub-affiliate's definitions (lib/metrics/sub-affiliate.ts).
    ranking: table("Sub-affiliate ranking", {
      subAffiliateUid: column("Sub-affiliate", r.subAffiliateUid),
      tradingVolume: metricColumn(ONE.tradingVolume, r.tradingVolume),
      volumeShare: metricColumn(ONE.volumeShare, r.volumeShare),
      netTradingFee: metricColumn(ONE.netTradingFee, r.netTradingFee),
      paidCommission: metricColumn(ONE.paidCommission, r.paidCommission),
      activeDays: metricColumn(ONE.activeDays, r.activeDays),
      previousTradingVolume: metricColumn(ONE.tradingVolume, r.previousTradingVolume, "previous"),
      volumeChange: column("Trading volume change vs previous period", r.volumeChange),
      // The previous columns are empty where the warehouse does not hold those days: this says why, never a 0.
      previousCoverage: column("Previous period coverage", text()),
    }),
  },
});
