/**
 * The Invitees page's exportable tables: registrations per period, the funnel,
 * the retention matrix and the whole directory of the view (its search, filters
 * and sort, every page, with the range's figures), the last read by keyset in
 * batches and streamed.
 */
import "server-only";
import { kindOfField } from "../contracts/fields";
import type { Coverage } from "../coverage";
import { bucketCoverage, type BucketHeld } from "../bucket-coverage";
import { inviteesContract, retentionShare, rosterQuerySchema, rosterStatus, SOURCE_WORDS, type InviteeReport, type InviteeRow } from "./contract";
import { conversionOf, funnelSteps, type FunnelStep } from "../funnel-steps";
import { inviteeReport, inviteeRosterBatches } from "./sql";
import { reportQuery } from "../report-query";
import { batchedTable, col, columnsOf, smallTable, type ExportColumn, type ExportContext, type ExportTable } from "../../export/table-types";

const { tables } = inviteesContract;

/** The aggregates only: the roster page that comes with them is the smallest the schema allows. */
const load = (ctx: ExportContext): Promise<InviteeReport> =>
  inviteeReport(ctx.db, ctx.connectionId, ctx.filters, { ...reportQuery(rosterQuerySchema, ctx.query), page: 1, pageSize: 10 }, ctx.now);

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

type RetentionRow = InviteeReport["retention"][number];

function retentionColumns(report: InviteeReport): readonly ExportColumn<RetentionRow>[] {
  const months = Math.max(0, ...report.retention.map((c) => c.active.length));
  return [
    ...columnsOf(tables.retention, { cohort: (r: RetentionRow) => r.cohort, size: (r: RetentionRow) => String(r.size) }),
    // Shares (fractions, 4 dp) per month since sign-up; empty where the page shows no cell.
    ...Array.from({ length: months }, (_, k) => col<RetentionRow>(`m${k}`, `M${k}`, kindOfField(retentionShare), (r) => r.active[k] ?? "")),
  ];
}

export const ROSTER_COLUMNS: readonly ExportColumn<InviteeRow>[] = columnsOf(tables.roster, {
  uid: (r: InviteeRow) => r.uid,
  registerTime: (r) => iso(r.registerTime),
  kyc: (r) => (r.kycResult ? "yes" : "no"),
  inviteCode: (r) => r.inviteCode,
  source: (r) => SOURCE_WORDS[r.source],
  firstDeposit: (r) => iso(r.firstDeposit),
  lastDeposit: (r) => iso(r.lastDeposit),
  firstTrade: (r) => iso(r.firstTrade),
  lastTrade: (r) => iso(r.lastTrade),
  status: (r) => rosterStatus(r),
  coin: (r) => r.coin,
  // Empty where the warehouse holds no row of the invitee in the range (the page's "—"), never 0.
  commission: (r) => r.commission ?? "",
  // Blank where nothing is recorded or a day's close is not held: "not valued", never a part passed off as the whole.
  commissionUsdt: (r) => r.commissionUsdt ?? "",
  netFee: (r) => r.netFee ?? "",
  netFeeUsdt: (r) => r.netFeeUsdt ?? "",
  volume: (r) => r.volume ?? "",
  deposits: (r) => r.deposits ?? "",
  withdrawals: (r) => r.withdrawals ?? "",
  netDeposit: (r: InviteeRow) => r.netDeposit ?? "",
});

export const inviteeTables = {
  registrations: smallTable<{ bucket: string; count: number } & BucketHeld, readonly [InviteeReport, Coverage]>({
    title: tables.registrations.title,
    load: (ctx) => Promise.all([load(ctx), ctx.coverage]),
    columns: columnsOf(tables.registrations, { bucket: (r) => r.bucket, count: (r) => (r.held ? String(r.count) : ""), coverage: (r) => r.coverage }),
    rows: ([report, coverage]) => {
      // Every bucket of the range, as the chart draws them: a held period without sign-ups is 0, one not held blank.
      const counts = new Map(report.registrations.map((r) => [r.bucket, r.count]));
      const of = bucketCoverage(coverage);
      return report.buckets.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0, ...of(bucket) }));
    },
  }),
  funnel: smallTable<FunnelStep, InviteeReport>({
    title: tables.funnel.title,
    load,
    columns: columnsOf(tables.funnel, {
      step: (r) => r.step,
      label: (r) => r.label,
      invitees: (r) => String(r.invitees),
      share: (r) => conversionOf(r) ?? "",
      of: (r) => r.basis,
      medianHours: (r) => (r.medianHours === null ? "" : String(r.medianHours)),
    }),
    rows: (report) => funnelSteps(report.funnel),
  }),
  retention: smallTable<RetentionRow, InviteeReport>({
    title: tables.retention.title,
    load,
    columns: retentionColumns,
    rows: (report) => report.retention,
  }),
  roster: batchedTable({
    title: tables.roster.title,
    columns: ROSTER_COLUMNS,
    // The view's own roster parameters (a bad sort is the same 400); page and page size are ignored: all rows.
    prepare: (ctx) => reportQuery(rosterQuerySchema, ctx.query),
    batches: (ctx, roster) => inviteeRosterBatches(ctx.db, ctx.connectionId, ctx.filters, roster, { now: ctx.now }),
  }),
} satisfies Record<keyof typeof tables, ExportTable>;
