/**
 * The Sub-affiliates page's exportable tables: totals, the per-period series of
 * the chart (every bucket, zeros included; paid commission and the rest of the
 * net fee, as stacked) and the ranking by volume.
 */
import "server-only";
import { feeKept, subAffiliatesContract, type SubAffiliateRanking, type SubAffiliateReport, type SubAffiliateSeriesPoint } from "../../reports/contracts/sub-affiliates";
import { subAffiliateReport } from "../../reports/sub-affiliates";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../table-types";

const load = (ctx: ExportContext): Promise<SubAffiliateReport> => subAffiliateReport(ctx.db, ctx.connectionId, ctx.filters);
const { tables } = subAffiliatesContract;

const ZERO: Omit<SubAffiliateSeriesPoint, "bucket"> = { tradingVolume: "0", netTradingFee: "0", paidCommission: "0" };

export const subAffiliateTables = {
  totals: smallTable<SubAffiliateReport["totals"], SubAffiliateReport>({
    title: tables.totals.title,
    load,
    columns: columnsOf(tables.totals, {
      tradingVolume: (r) => r.tradingVolume,
      netTradingFee: (r) => r.netTradingFee,
      paidCommission: (r) => r.paidCommission,
      subAffiliates: (r) => String(r.subAffiliates),
    }),
    rows: (report) => [report.totals],
  }),
  series: smallTable<SubAffiliateSeriesPoint, SubAffiliateReport>({
    title: tables.series.title,
    load,
    columns: columnsOf(tables.series, {
      bucket: (r) => r.bucket,
      paid: (r) => r.paidCommission,
      fee: (r) => feeKept(r),
      netTradingFee: (r) => r.netTradingFee,
      tradingVolume: (r) => r.tradingVolume,
    }),
    rows: (report) => {
      const byBucket = new Map(report.series.map((p) => [p.bucket, p]));
      return report.buckets.map((bucket) => byBucket.get(bucket) ?? { bucket, ...ZERO });
    },
  }),
  ranking: smallTable<SubAffiliateRanking, SubAffiliateReport>({
    title: tables.ranking.title,
    load,
    columns: columnsOf(tables.ranking, {
      subAffiliateUid: (r) => r.subAffiliateUid,
      tradingVolume: (r) => r.tradingVolume,
      volumeShare: (r) => r.volumeShare,
      netTradingFee: (r) => r.netTradingFee,
      paidCommission: (r) => r.paidCommission,
      activeDays: (r) => String(r.activeDays),
    }),
    rows: (report) => report.ranking,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
