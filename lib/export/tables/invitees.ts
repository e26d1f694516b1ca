/**
 * The Invitees page's exportable tables: registrations per period, the funnel,
 * the retention matrix and the whole roster of the view (its search and sort,
 * every page), the last read in batches and streamed.
 */
import "server-only";
import Decimal from "decimal.js";
import { inviteeReport, inviteeRosterBatches, rosterQuerySchema, type InviteeReport, type InviteeRow } from "../../reports/invitees";
import { reportQuery } from "../../reports/route";
import { batchedTable, col, smallTable, type ExportColumn, type ExportContext, type ExportTable } from "../table-types";

/** The aggregates only: the roster page that comes with them is the smallest the schema allows. */
const load = (ctx: ExportContext): Promise<InviteeReport> =>
  inviteeReport(ctx.db, ctx.connectionId, ctx.filters, { ...reportQuery(rosterQuerySchema, ctx.query), page: 1, pageSize: 10 }, ctx.now);

interface FunnelRow {
  step: string;
  label: string;
  invitees: number;
  /** The part and whole of the conversion the page shows under the step. */
  of: number | null;
  basis: string;
  medianHours: number | null;
}

function funnelRows(f: InviteeReport["funnel"]): FunnelRow[] {
  return [
    { step: "registered", label: "Registered", invitees: f.registered, of: null, basis: "", medianHours: null },
    { step: "kyc", label: "KYC passed", invitees: f.kyc, of: f.registered, basis: "sign-ups", medianHours: null },
    { step: "deposited", label: "First deposit", invitees: f.deposited, of: f.registered, basis: "sign-ups", medianHours: f.medianHoursToDeposit },
    { step: "traded", label: "First trade", invitees: f.traded, of: f.deposited, basis: "depositors", medianHours: f.medianHoursDepositToTrade },
  ];
}

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

/** The roster's status as the page words it. */
export const rosterStatus = (r: Pick<InviteeRow, "dormant" | "lastTrade">): string => (r.dormant ? "dormant" : r.lastTrade === null ? "never traded" : "active");

type RetentionRow = InviteeReport["retention"][number];

function retentionColumns(report: InviteeReport): readonly ExportColumn<RetentionRow>[] {
  const months = Math.max(0, ...report.retention.map((c) => c.active.length));
  return [
    col<RetentionRow>("cohort", "Cohort", "date", (r) => r.cohort),
    col<RetentionRow>("size", "Size", "count", (r) => String(r.size)),
    // Shares (fractions, 4 dp) per month since sign-up; empty where the page shows no cell.
    ...Array.from({ length: months }, (_, k) => col<RetentionRow>(`m${k}`, `M${k}`, "fraction", (r) => r.active[k] ?? "")),
  ];
}

export const ROSTER_COLUMNS: readonly ExportColumn<InviteeRow>[] = [
  col("uid", "uid", "uid", (r) => r.uid),
  col("registerTime", "Registered", "date", (r) => iso(r.registerTime)),
  col("kyc", "KYC", "text", (r) => (r.kycResult ? "yes" : "no")),
  col("inviteCode", "Invite code", "text", (r) => r.inviteCode),
  col("firstDeposit", "First deposit", "date", (r) => iso(r.firstDeposit)),
  col("lastDeposit", "Last deposit", "date", (r) => iso(r.lastDeposit)),
  col("firstTrade", "First trade", "date", (r) => iso(r.firstTrade)),
  col("lastTrade", "Last trade", "date", (r) => iso(r.lastTrade)),
  col("status", "Status", "text", rosterStatus),
];

export const inviteeTables: Record<string, ExportTable> = {
  registrations: smallTable<{ bucket: string; count: number }, InviteeReport>({
    title: "Registrations per period",
    load,
    columns: [col("bucket", "Period", "date", (r) => r.bucket), col("count", "Registrations", "count", (r) => String(r.count))],
    rows: (report) => {
      // Every bucket of the range, as the chart draws them (empty periods are zeros).
      const counts = new Map(report.registrations.map((r) => [r.bucket, r.count]));
      return report.buckets.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
    },
  }),
  funnel: smallTable<FunnelRow, InviteeReport>({
    title: "Funnel",
    load,
    columns: [
      col("step", "Step", "text", (r) => r.step),
      col("label", "Label", "text", (r) => r.label),
      col("invitees", "Invitees", "count", (r) => String(r.invitees)),
      col("share", "Share", "fraction", (r) => (r.of === null || r.of === 0 ? "" : new Decimal(r.invitees).div(r.of).toFixed(6))),
      col("of", "Share of", "text", (r) => r.basis),
      col("medianHours", "Median hours since the step before", "count", (r) => (r.medianHours === null ? "" : String(r.medianHours))),
    ],
    rows: (report) => funnelRows(report.funnel),
  }),
  retention: smallTable<RetentionRow, InviteeReport>({
    title: "Retention by signup month",
    load,
    columns: retentionColumns,
    rows: (report) => report.retention,
  }),
  roster: batchedTable({
    title: "Invitee roster",
    columns: ROSTER_COLUMNS,
    // The view's own roster parameters (a bad sort is the same 400); page and page size are ignored: all rows.
    prepare: (ctx) => reportQuery(rosterQuerySchema, ctx.query),
    batches: (ctx, roster) => inviteeRosterBatches(ctx.db, ctx.connectionId, ctx.filters, roster, { now: ctx.now }),
  }),
};
