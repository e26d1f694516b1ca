/**
 * An invitee detail page's exportable tables (lib/reports/invitee/contract.ts
 * names them): the profile with its rank, the milestones, this period against
 * the previous one, the per-period series of the chart (the view's coin, every
 * bucket, zeros included), by symbol and the rates applied. Each read is the
 * report itself, so a CSV holds exactly the page's figures.
 */
import "server-only";
import { exactSum } from "../../decimal/exact";
import {
  INVITEE_FIGURES,
  INVITEE_SERIES,
  inviteeContract,
  inviteeDetailQuerySchema,
  inviteeStatus,
  MILESTONE_LABELS,
  type InviteeDetailReport,
  type InviteeMilestone,
  type InviteeRateRow,
  type InviteeSymbolRow,
} from "./contract";
import { inviteeDetailReport } from "./sql";
import { reportQuery } from "../report-query";
import { columnsOf, smallTable, type ExportContext, type ExportTable } from "../../export/table-types";

const { tables } = inviteeContract;
const load = (ctx: ExportContext): Promise<InviteeDetailReport> =>
  inviteeDetailReport(ctx.db, ctx.connectionId, ctx.filters, reportQuery(inviteeDetailQuerySchema, ctx.query), ctx.now);
const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
/** Unknown (null) stays an empty cell, never "no". */
const yesNo = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");

type Profiled<R> = R & { uid: string };
interface ComparisonRow {
  uid: string;
  figure: string;
  unit: string;
  current: string;
  /** Empty unless today is partial. */
  currentWholeDays: string;
  previous: string;
  currentSynced: boolean;
  previousSynced: boolean;
}
interface SeriesRow {
  bucket: string;
  coin: string;
  values: ReadonlyMap<string, string>;
}

/** Every bucket of the range in the view's coin, per product (empty buckets: zeros). */
function seriesRows(report: InviteeDetailReport): SeriesRow[] {
  const byBucket = new Map<string, Map<string, string>>();
  for (const p of report.series) {
    const row = byBucket.get(p.bucket) ?? new Map<string, string>();
    row.set(p.productType, p.commission);
    byBucket.set(p.bucket, row);
  }
  return report.buckets.map((bucket) => ({ bucket, coin: report.current.coin, values: byBucket.get(bucket) ?? new Map<string, string>() }));
}

const seriesTotal = (values: ReadonlyMap<string, string>) => exactSum(INVITEE_SERIES.map((s) => values.get(s.key) ?? "0"));

export const inviteeDetailTables = {
  profile: smallTable<InviteeDetailReport, InviteeDetailReport>({
    title: tables.profile.title,
    load,
    columns: columnsOf(tables.profile, {
      uid: (r) => r.profile.uid,
      inviteCode: (r) => r.profile.inviteCode ?? "",
      registerTime: (r) => iso(r.profile.registerTime),
      kyc: (r) => yesNo(r.profile.kycResult),
      firstDeposit: (r) => iso(r.profile.firstDeposit),
      lastDeposit: (r) => iso(r.profile.lastDeposit),
      firstTrade: (r) => iso(r.profile.firstTrade),
      lastTrade: (r) => iso(r.profile.lastTrade),
      status: (r) => inviteeStatus(r.profile),
      rank: (r) => (r.rank.position === null ? "" : String(r.rank.position)),
      rankOf: (r) => String(r.rank.of),
    }),
    rows: (report) => [report],
  }),
  milestones: smallTable<Profiled<InviteeMilestone>, InviteeDetailReport>({
    title: tables.milestones.title,
    load,
    columns: columnsOf(tables.milestones, {
      uid: (r) => r.uid,
      step: (r) => MILESTONE_LABELS[r.step],
      reached: (r) => yesNo(r.reached),
      // KYC: the interface gives no time for it, so the cell stays empty rather than invented.
      at: (r) => iso(r.at),
      hoursSincePrevious: (r) => (r.hoursSincePrevious === null ? "" : String(r.hoursSincePrevious)),
    }),
    rows: (report) => report.milestones.map((m) => ({ ...m, uid: report.profile.uid })),
  }),
  comparison: smallTable<ComparisonRow, InviteeDetailReport>({
    title: tables.comparison.title,
    load,
        columns: columnsOf(tables.comparison, {
      uid: (r) => r.uid,
      figure: (r) => r.figure,
      unit: (r) => r.unit,
      current: (r) => r.current,
      currentWholeDays: (r) => r.currentWholeDays,
      previous: (r) => r.previous,
      // A figure of a period the sync has not read whole: the file says so next to it, as the page does.
      currentSynced: (r) => yesNo(r.currentSynced),
      previousSynced: (r) => yesNo(r.previousSynced),
    }),
    rows: (report) =>
      INVITEE_FIGURES.map((f) => ({
        uid: report.profile.uid,
        figure: f.metric.label,
        unit: f.unit === "coin" ? report.current.coin : f.unit === "ratio" ? "commission ÷ net fee" : f.unit,
        current: report.current[f.key] ?? "",
        currentWholeDays: report.currentWholeDays?.[f.key] ?? "",
        // A previous period the sync has not read whole has no figure to compare: blank (its Synced column says why), never
        // a partial sum read as the period's.
        previous: report.previous[f.synced] ? (report.previous[f.key] ?? "") : "",
        currentSynced: report.current[f.synced],
        previousSynced: report.previous[f.synced],
      })),
  }),
  series: smallTable<SeriesRow, InviteeDetailReport>({
    title: tables.series.title,
    load,
    columns: columnsOf(tables.series, {
      bucket: (r) => r.bucket,
      coin: (r) => r.coin,
      FUTURES: (r) => r.values.get("FUTURES") ?? "0",
      SPOT: (r) => r.values.get("SPOT") ?? "0",
      total: (r) => seriesTotal(r.values),
    }),
    rows: seriesRows,
  }),
  "by-symbol": smallTable<InviteeSymbolRow, InviteeDetailReport>({
    title: tables["by-symbol"].title,
    load,
    columns: columnsOf(tables["by-symbol"], {
      symbol: (r) => r.symbol,
      coin: (r) => r.coin,
      commission: (r) => r.commission,
      // Blank where a day's close is not held: "not valued", never a part passed off as the whole.
      commissionUsdt: (r) => r.commissionUsdt ?? "",
      fee: (r) => r.fee,
      feeUsdt: (r) => r.feeUsdt ?? "",
      takerVolume: (r) => r.takerVolume,
      makerVolume: (r) => r.makerVolume,
      items: (r) => String(r.items),
    }),
    rows: (report) => report.bySymbol,
  }),
  rates: smallTable<InviteeRateRow, InviteeDetailReport>({
    title: tables.rates.title,
    load,
    columns: columnsOf(tables.rates, { rate: (r) => r.rate, productType: (r) => r.productType, coin: (r) => r.coin, items: (r) => String(r.items), commission: (r) => r.commission, commissionUsdt: (r) => r.commissionUsdt ?? "" }),
    rows: (report) => report.rates,
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
