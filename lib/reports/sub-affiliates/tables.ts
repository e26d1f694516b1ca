/**
 * The Sub-affiliates page's exportable tables: totals, the per-period series of
 * the chart (every bucket, zeros included; paid commission and the rest of the
 * net fee, as stacked) and the ranking by volume.
 */
import "server-only";
import { comparedGap } from "../compared-gap";
import { periodsOf } from "../periods";
import { gapWords } from "../overview/figure-tables";
import { afterSubShare, subAffiliatesContract, type SubAffiliateRanking, type SubAffiliateReport, type SubAffiliateSeriesPoint } from "./contract";
import { subAffiliateReport } from "./sql";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../../export/table-types";

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
      fee: (r) => afterSubShare(r),
      netTradingFee: (r) => r.netTradingFee,
      tradingVolume: (r) => r.tradingVolume,
    }),
    rows: (report) => {
      const byBucket = new Map(report.series.map((p) => [p.bucket, p]));
      return report.buckets.map((bucket) => byBucket.get(bucket) ?? { bucket, ...ZERO });
    },
  }),
  // With why the previous period is blank (null: held), from the view's coverage.
  ranking: smallTable<SubAffiliateRanking & { gap: string | null }, readonly [SubAffiliateReport, string | null]>({
    title: tables.ranking.title,
    load: async (ctx) => {
      const [report, coverage] = await Promise.all([load(ctx), ctx.coverage]);
      return [report, gapWords(comparedGap(coverage, periodsOf(ctx.filters.range), "previous"))];
    },
    columns: columnsOf(tables.ranking, {
      subAffiliateUid: (r) => r.subAffiliateUid,
      tradingVolume: (r) => r.tradingVolume,
      volumeShare: (r) => r.volumeShare,
      netTradingFee: (r) => r.netTradingFee,
      paidCommission: (r) => r.paidCommission,
      activeDays: (r) => String(r.activeDays),
      previousTradingVolume: (r) => (r.gap === null ? r.previousTradingVolume : ""),
      volumeChange: (r) => (r.gap === null ? (r.volumeChange ?? "") : ""),
      previousCoverage: (r) => r.gap ?? "synced",
    }),
    rows: ([report, gap]) => report.ranking.map((r) => ({ ...r, gap })),
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
