/**
 * The Sub-affiliates page's exportable tables: totals, the per-period series of
 * the chart (every bucket, zeros included; paid commission and the rest of the
 * net fee, as stacked) and the ranking by volume.
 */
import "server-only";
import Decimal from "decimal.js";
import { subAffiliateReport, type SubAffiliateRanking, type SubAffiliateReport } from "../../reports/sub-affiliates";
import { col, smallTable, type ExportContext, type ExportTable } from "../table-types";

const load = (ctx: ExportContext): Promise<SubAffiliateReport> => subAffiliateReport(ctx.db, ctx.connectionId, ctx.filters);

type SeriesPoint = SubAffiliateReport["series"][number];
const ZERO: Omit<SeriesPoint, "bucket"> = { tradingVolume: "0", netTradingFee: "0", paidCommission: "0" };

export const subAffiliateTables: Record<string, ExportTable> = {
  totals: smallTable<SubAffiliateReport["totals"], SubAffiliateReport>({
    title: "Totals",
    load,
    columns: [
      col("tradingVolume", "Trading volume (USDT)", "amount", (r) => r.tradingVolume),
      col("netTradingFee", "Net trading fee (USDT)", "amount", (r) => r.netTradingFee),
      col("paidCommission", "Paid commission (USDT)", "amount", (r) => r.paidCommission),
      col("subAffiliates", "Sub-affiliates", "count", (r) => String(r.subAffiliates)),
    ],
    rows: (report) => [report.totals],
  }),
  series: smallTable<SeriesPoint, SubAffiliateReport>({
    title: "Fees per period",
    load,
    columns: [
      col("bucket", "Period", "date", (r) => r.bucket),
      col("paid", "Paid commission (USDT)", "amount", (r) => r.paidCommission),
      // The chart's second stack: the part of the net fee not paid out (exact difference).
      col("fee", "Net fee kept (USDT)", "amount", (r) => new Decimal(r.netTradingFee).minus(r.paidCommission).toFixed()),
      col("netTradingFee", "Net trading fee (USDT)", "amount", (r) => r.netTradingFee),
      col("tradingVolume", "Trading volume (USDT)", "amount", (r) => r.tradingVolume),
    ],
    rows: (report) => {
      const byBucket = new Map(report.series.map((p) => [p.bucket, p]));
      return report.buckets.map((bucket) => byBucket.get(bucket) ?? { bucket, ...ZERO });
    },
  }),
  ranking: smallTable<SubAffiliateRanking, SubAffiliateReport>({
    title: "Sub-affiliate ranking",
    load,
    columns: [
      col("subAffiliateUid", "Sub-affiliate", "uid", (r) => r.subAffiliateUid),
      col("tradingVolume", "Volume (USDT)", "amount", (r) => r.tradingVolume),
      col("volumeShare", "Share of volume", "fraction", (r) => r.volumeShare),
      col("netTradingFee", "Net fee (USDT)", "amount", (r) => r.netTradingFee),
      col("paidCommission", "Paid commission (USDT)", "amount", (r) => r.paidCommission),
      col("activeDays", "Active days", "count", (r) => String(r.activeDays)),
    ],
    rows: (report) => report.ranking,
  }),
};
