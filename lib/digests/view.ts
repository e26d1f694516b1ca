/** Digest rows as the API answers them (lib/digests/view-types.ts), with words for the schedule and scope. */
import "server-only";
import { inArray } from "drizzle-orm";
import type { Role } from "../auth/roles";
import type { Db } from "../db/client";
import { endpointLabels, refsOf } from "../notify/endpoint-refs";
import { savedViews, users, type DigestRow, type DigestRunRow } from "../db/schema";
import { reportTitle } from "../reports/contracts";
import { isReportName } from "../reports/names";
import { describeScope } from "../reports/scope-label";
import { canEditDigest, canPauseDigest } from "./access";
import { describeSchedule } from "./schedule";
import { latestRuns, runHistory, scheduleOfRow, scopeOfRow } from "./store";
import { deliverySettings } from "../notify/settings";
import type { DeliveryPlace, DigestRunView, DigestView } from "./view-types";
import { wallTimeAt } from "./zone-time";

const pad = (n: number) => String(n).padStart(2, "0");
export function localTimeWords(zone: string, at: number): string {
  const w = wallTimeAt(zone, at);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} (${zone})`;
}

function runSummary(run: DigestRunRow | undefined): DigestView["lastRun"] {
  return run ? { status: run.status, dueAt: run.dueAt.getTime(), skipReason: run.skipReason, kind: run.kind } : null;
}

export async function digestViews(db: Db, rows: DigestRow[], user: { id: string; role: Role }): Promise<DigestView[]> {
  const latest = await latestRuns(
    db,
    rows.map((r) => r.id),
  );
  const ownerIds = [...new Set(rows.map((r) => r.ownerUserId))];
  const owners = ownerIds.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ownerIds)) : [];
  const emailOf = new Map(owners.map((o) => [o.id, o.email]));
  const viewIds = [...new Set(rows.flatMap((r) => (r.savedViewId ? [r.savedViewId] : [])))];
  const views = viewIds.length ? await db.select({ id: savedViews.id, name: savedViews.name }).from(savedViews).where(inArray(savedViews.id, viewIds)) : [];
  const viewName = new Map(views.map((v) => [v.id, v.name]));
  const labels = await endpointLabels(
    db,
    rows.flatMap((r) => r.webhookEndpointIds),
  );
  return rows.map((row) => {
    const schedule = scheduleOfRow(row);
    const scope = scopeOfRow(row);
    const report = isReportName(row.report) ? row.report : undefined;
    return {
      id: row.id,
      label: row.label,
      report: row.report,
      reportTitle: report ? reportTitle(report) : row.report,
      // The days stored are the view's when the digest was made; each run reports its own period instead.
      scope: describeScope(scope, report ? { report } : {}).split(" · ").slice(1).join(" · ") || "every filter at its default",
      schedule: { kind: row.scheduleKind, weekday: row.weekday, dayOfMonth: row.dayOfMonth, time: row.localTime, timeZone: row.timeZone, words: describeSchedule(schedule) },
      nextRunAt: row.nextDueAt.getTime(),
      nextRunLocal: localTimeWords(row.timeZone, row.nextDueAt.getTime()),
      mailTo: row.mailTo,
      webhookEndpointIds: row.webhookEndpointIds,
      webhookEndpoints: refsOf(row.webhookEndpointIds, labels),
      skipWhenEmpty: row.skipWhenEmpty,
      skipWhenUnchanged: row.skipWhenUnchanged,
      redactUids: row.redactUids,
      percentages: row.percentages,
      paused: row.pausedAt !== null,
      pausedReason: row.pausedReason,
      ownerEmail: emailOf.get(row.ownerUserId) ?? "(removed user)",
      lastRun: runSummary(latest.get(row.id)),
      canEdit: canEditDigest(user, row),
      canPause: canPauseDigest(user, row),
      fromView: row.savedViewId === null ? null : (viewName.get(row.savedViewId) ?? ""),
    };
  });
}

/**
 * A sent mail went where its outbox row says (one exists: kept in the app); one not sent yet goes where the
 * settings send mail now.
 */
function placeOf(channel: "mail" | "webhook", status: string, keptInOutbox: boolean): DeliveryPlace {
  if (channel === "webhook") return "webhook";
  if (keptInOutbox) return "outbox";
  if (status === "sent") return "mail-server";
  const mail = deliverySettings().mail.kind;
  return mail === "outbox" ? "outbox" : mail === "smtp" ? "mail-server" : "no-mail-server";
}

export async function runViews(db: Db, digestId: string): Promise<DigestRunView[]> {
  const history = await runHistory(db, digestId);
  return history.map(({ run, deliveries }) => ({
    id: run.id,
    kind: run.kind,
    status: run.status,
    dueAt: run.dueAt.getTime(),
    period: { from: run.periodFrom, to: run.periodTo },
    skipReason: run.skipReason,
    lastError: run.lastError,
    finishedAt: run.finishedAt?.getTime() ?? null,
    attempts: run.attempts,
    deliveries: deliveries.map((d) => {
      const target = d.target as { to?: string[]; endpointId?: string };
      return {
        channel: d.channel,
        target: d.channel === "mail" ? (target.to ?? []).join(", ") : `webhook ${target.endpointId ?? "?"}`,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        sentAt: d.sentAt?.getTime() ?? null,
        where: placeOf(d.channel, d.status, d.outboxId !== null),
      };
    }),
  }));
}
