/**
 * One sub-affiliate's exportable tables: per product (shares of all
 * sub-affiliates, the previous period), this period and the previous one, the
 * per-period series per product (every bucket and product, zeros included), the
 * margin kept per period, and every invitee via sub-agents (not only the page's top).
 */
import "server-only";
import {
  subAffiliateContract,
  type SubAffiliateDetailReport,
  type SubAffiliateMarginPoint,
  type SubAffiliateProductRow,
  type SubAffiliateSeriesRow,
  type ViaSubAgentInvitee,
} from "../../reports/contracts/sub-affiliate";
import { subAffiliateDetailReport } from "../../reports/sub-affiliate";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../table-types";

const load = (ctx: ExportContext): Promise<SubAffiliateDetailReport> => subAffiliateDetailReport(ctx.db, ctx.connectionId, ctx.filters, ctx.query);
const { tables } = subAffiliateContract;
const ZERO = { tradingVolume: "0", netTradingFee: "0", paidCommission: "0", margin: "0" } as const;

type PeriodRow = SubAffiliateDetailReport["totals"] & { period: string; from: string; to: string };

export const subAffiliateDetailTables = {
  products: smallTable<SubAffiliateProductRow, SubAffiliateDetailReport>({
    title: tables.products.title,
    load,
    columns: columnsOf(tables.products, {
      productType: (r) => r.productType,
      tradingVolume: (r) => r.tradingVolume,
      volumeShare: (r) => r.volumeShare,
      netTradingFee: (r) => r.netTradingFee,
      feeShare: (r) => r.feeShare,
      paidCommission: (r) => r.paidCommission,
      commissionShare: (r) => r.commissionShare,
      margin: (r) => r.margin,
      previousTradingVolume: (r) => r.previousTradingVolume,
      previousNetTradingFee: (r) => r.previousNetTradingFee,
      previousPaidCommission: (r) => r.previousPaidCommission,
      previousMargin: (r) => r.previousMargin,
    }),
    rows: (report) => report.products,
  }),
  totals: smallTable<PeriodRow, SubAffiliateDetailReport>({
    title: tables.totals.title,
    load,
    columns: columnsOf(tables.totals, {
      period: (r) => r.period,
      from: (r) => r.from,
      to: (r) => r.to,
      tradingVolume: (r) => r.tradingVolume,
      netTradingFee: (r) => r.netTradingFee,
      paidCommission: (r) => r.paidCommission,
      margin: (r) => r.margin,
      activeDays: (r) => String(r.activeDays),
    }),
    rows: (report, ctx) => [
      { period: "this period", from: ctx.filters.range.from, to: ctx.filters.range.to, ...report.totals },
      { period: "previous period", ...report.previous },
    ],
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
      margin: (r) => r.margin,
    }),
    rows: (report) => {
      const byKey = new Map(report.series.map((p) => [`${p.bucket} ${p.productType}`, p]));
      return report.buckets.flatMap((bucket) => report.products.map((p) => byKey.get(`${bucket} ${p.productType}`) ?? { bucket, productType: p.productType, ...ZERO }));
    },
  }),
  margin: smallTable<SubAffiliateMarginPoint, SubAffiliateDetailReport>({
    title: tables.margin.title,
    load,
    columns: columnsOf(tables.margin, {
      bucket: (r) => r.bucket,
      paid: (r) => r.paidCommission,
      margin: (r) => r.margin,
      netTradingFee: (r) => r.netTradingFee,
    }),
    rows: (report) => {
      const byBucket = new Map(report.margin.map((p) => [p.bucket, p]));
      return report.buckets.map((bucket) => byBucket.get(bucket) ?? { bucket, netTradingFee: "0", paidCommission: "0", margin: "0" });
    },
  }),
  "via-sub-agents": smallTable<ViaSubAgentInvitee, SubAffiliateDetailReport>({
    title: tables["via-sub-agents"].title,
    load: (ctx) => subAffiliateDetailReport(ctx.db, ctx.connectionId, ctx.filters, ctx.query, { top: null }),
    columns: columnsOf(tables["via-sub-agents"], {
      uid: (r) => r.uid,
      coin: (r) => r.coin,
      commission: (r) => r.commission,
      volume: (r) => r.volume,
    }),
    rows: (report) => report.viaSubAgents.top,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
