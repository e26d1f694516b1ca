/**
 * One sub-affiliate's exportable tables: per product (shares of all
 * sub-affiliates, the previous period), this period and the previous one, the
 * per-period series per product (every bucket and product, zeros included), the
 * net fee per period split into paid to the sub-affiliate and left after its share, and every invitee via sub-agents (not only the page's top).
 */
import "server-only";
import {
  subAffiliateContract,
  type SubAffiliateDetailReport,
  type SubAffiliateFeeSplitPoint,
  type SubAffiliateProductRow,
  type SubAffiliateSeriesRow,
  type ViaSubAgentInvitee,
} from "./contract";
import { comparedGap } from "../compared-gap";
import { comparedDays, periodsOf } from "../periods";
import { subAffiliateDetailReport } from "./sql";
import { gapWords } from "../overview/figure-tables";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../../export/table-types";

const load = (ctx: ExportContext): Promise<SubAffiliateDetailReport> => subAffiliateDetailReport(ctx.db, ctx.connectionId, ctx.filters, ctx.query);
/** The report with why its previous period is blank (null: held), from the view's coverage. */
type WithGap = readonly [SubAffiliateDetailReport, string | null];
const loadWithGap = async (ctx: ExportContext): Promise<WithGap> => {
  const [report, coverage] = await Promise.all([load(ctx), ctx.coverage]);
  return [report, gapWords(comparedGap(coverage, periodsOf(ctx.filters.range), "previous"))];
};
const blankIf = (gap: string | null, value: string) => (gap === null ? value : "");
const { tables } = subAffiliateContract;
const ZERO = { tradingVolume: "0", netTradingFee: "0", paidCommission: "0", afterSubShare: "0" } as const;

type PeriodRow = SubAffiliateDetailReport["totals"] & { period: string; from: string; to: string; gap: string | null };
type ProductRow = SubAffiliateProductRow & { gap: string | null };

export const subAffiliateDetailTables = {
  products: smallTable<ProductRow, WithGap>({
    title: tables.products.title,
    load: loadWithGap,
    columns: columnsOf(tables.products, {
      productType: (r) => r.productType,
      tradingVolume: (r) => r.tradingVolume,
      volumeShare: (r) => r.volumeShare,
      netTradingFee: (r) => r.netTradingFee,
      feeShare: (r) => r.feeShare,
      paidCommission: (r) => r.paidCommission,
      commissionShare: (r) => r.commissionShare,
      afterSubShare: (r) => r.afterSubShare,
      previousTradingVolume: (r) => blankIf(r.gap, r.previousTradingVolume),
      previousNetTradingFee: (r) => blankIf(r.gap, r.previousNetTradingFee),
      previousPaidCommission: (r) => blankIf(r.gap, r.previousPaidCommission),
      previousAfterSubShare: (r) => blankIf(r.gap, r.previousAfterSubShare),
      previousCoverage: (r) => r.gap ?? "synced",
    }),
    rows: ([report, gap]) => report.products.map((r) => ({ ...r, gap })),
  }),
  totals: smallTable<PeriodRow, WithGap>({
    title: tables.totals.title,
    load: loadWithGap,
    columns: columnsOf(tables.totals, {
      period: (r) => r.period,
      from: (r) => r.from,
      to: (r) => r.to,
      tradingVolume: (r) => blankIf(r.gap, r.tradingVolume),
      netTradingFee: (r) => blankIf(r.gap, r.netTradingFee),
      paidCommission: (r) => blankIf(r.gap, r.paidCommission),
      afterSubShare: (r) => blankIf(r.gap, r.afterSubShare),
      activeDays: (r) => blankIf(r.gap, String(r.activeDays)),
      coverage: (r) => r.gap ?? "synced",
    }),
    // While today is partial, its whole days are a row too: the changes compare them with the previous period.
    rows: ([report, gap], ctx) => {
      const whole = comparedDays(periodsOf(ctx.filters.range)).current;
      return [
        { period: "this period", from: ctx.filters.range.from, to: ctx.filters.range.to, ...report.totals, gap: null },
        ...(report.currentWholeDays && whole ? [{ period: "this period, whole days (today left out)", ...whole, ...report.currentWholeDays, gap: null }] : []),
        { period: "previous period", ...report.previous, gap },
      ];
    },
  }),
  series: smallTable<SubAffiliateSeriesRow, SubAffiliateDetailReport>({
    title: tables.series.title,
    load,
    columns: columnsOf(tables.series, {
      bucket: (r) => r.bucket,
      productType: (r) => r.productType,
      tradingVolume: (r) => r.tradingVolume,
      netTradingFee: (r) => r.netTradingFee,
      paidCommission: (r) => r.paidCommission,
      afterSubShare: (r) => r.afterSubShare,
    }),
    rows: (report) => {
      const byKey = new Map(report.series.map((p) => [`${p.bucket} ${p.productType}`, p]));
      return report.buckets.flatMap((bucket) => report.products.map((p) => byKey.get(`${bucket} ${p.productType}`) ?? { bucket, productType: p.productType, ...ZERO }));
    },
  }),
  "fee-split": smallTable<SubAffiliateFeeSplitPoint, SubAffiliateDetailReport>({
    title: tables["fee-split"].title,
    load,
    columns: columnsOf(tables["fee-split"], {
      bucket: (r) => r.bucket,
      paid: (r) => r.paidCommission,
      afterSubShare: (r) => r.afterSubShare,
      netTradingFee: (r) => r.netTradingFee,
    }),
    rows: (report) => {
      const byBucket = new Map(report.feeSplit.map((p) => [p.bucket, p]));
      return report.buckets.map((bucket) => byBucket.get(bucket) ?? { bucket, netTradingFee: "0", paidCommission: "0", afterSubShare: "0" });
    },
  }),
  "via-sub-agents": smallTable<ViaSubAgentInvitee, SubAffiliateDetailReport>({
    title: tables["via-sub-agents"].title,
    load: (ctx) => subAffiliateDetailReport(ctx.db, ctx.connectionId, ctx.filters, ctx.query, { top: null }),
    columns: columnsOf(tables["via-sub-agents"], {
      uid: (r) => r.uid,
      coin: (r) => r.coin,
      commission: (r) => r.commission,
      commissionUsdt: (r) => r.commissionUsdt ?? "",
      volume: (r) => r.volume,
    }),
    rows: (report) => report.viaSubAgents.top,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
