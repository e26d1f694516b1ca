/**
 * Digests in the database: make one from a view (its scope locked as a share
 * link's), change, pause, delete, list (an admin sees all, anyone else their
 * own) and read a digest's run history with the state of each message.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, like } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { deliveries, digestRuns, digests, mailOutbox, type DigestRow } from "../db/schema";
import { parseReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { scopeFromFilters, shareScopeSchema, type ShareScope } from "../share/scope";
import { scheduleOf, type DigestPatch, type NewDigestRequest } from "./input";
import { nextDueAfter, type Schedule } from "./schedule";

export const newDigestId = () => `dg_${randomBytes(12).toString("base64url")}`;
export const newRunId = () => `dgr_${randomBytes(12).toString("base64url")}`;

export function scheduleOfRow(row: Pick<DigestRow, "scheduleKind" | "weekday" | "dayOfMonth" | "localTime" | "timeZone">): Schedule {
  return scheduleOf({
    kind: row.scheduleKind,
    weekday: row.weekday ?? undefined,
    dayOfMonth: row.dayOfMonth ?? undefined,
    time: row.localTime,
    timeZone: row.timeZone,
  });
}

export function scopeOfRow(row: Pick<DigestRow, "scope">): ShareScope {
  return shareScopeSchema.parse(row.scope);
}

const scheduleColumns = (s: Schedule) => ({
  scheduleKind: s.kind,
  weekday: s.kind === "weekly" ? s.weekday : null,
  dayOfMonth: s.kind === "monthly" ? s.dayOfMonth : null,
  localTime: s.time,
  timeZone: s.timeZone,
});

export async function createDigest(db: Db, body: NewDigestRequest, connectionId: string, user: { id: string }, now: Date): Promise<DigestRow> {
  const scope = scopeFromFilters(parseReportFilters(new URLSearchParams(body.query), now));
  // As for share links: one invitee's or sub-affiliate's page is that uid's, so it cannot be sent without one.
  if ((body.report === "invitee" || body.report === "sub-affiliate") && !scope.uid) throw new ApiError(400, "BAD_REQUEST", "uid: this page is sent with its uid");
  const schedule = scheduleOf(body.schedule);
  const [row] = await db
    .insert(digests)
    .values({
      id: newDigestId(),
      ownerUserId: user.id,
      connectionId,
      report: body.report,
      scope,
      redactUids: body.redactUids,
      percentages: body.percentages,
      label: body.label,
      savedViewId: body.savedViewId ?? null,
      ...scheduleColumns(schedule),
      mailTo: body.mailTo,
      webhookEndpointIds: body.webhookEndpointIds,
      skipWhenEmpty: body.skipWhenEmpty,
      skipWhenUnchanged: body.skipWhenUnchanged,
      nextDueAt: new Date(nextDueAfter(schedule, now.getTime())),
      createdBy: user.id,
      updatedBy: user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("digest insert returned nothing");
  return row;
}

export async function findDigest(db: Db, id: string): Promise<DigestRow | undefined> {
  const [row] = await db.select().from(digests).where(eq(digests.id, id)).limit(1);
  return row;
}

export async function listDigests(db: Db, filter: { ownerUserId?: string } = {}): Promise<DigestRow[]> {
  return db
    .select()
    .from(digests)
    .where(filter.ownerUserId === undefined ? undefined : eq(digests.ownerUserId, filter.ownerUserId))
    .orderBy(desc(digests.createdAt))
    .limit(500);
}

export async function updateDigest(db: Db, row: DigestRow, patch: DigestPatch, user: { id: string }, now: Date): Promise<DigestRow> {
  const schedule = patch.schedule ? scheduleOf(patch.schedule) : null;
  const mailTo = patch.mailTo ?? row.mailTo;
  const webhookEndpointIds = patch.webhookEndpointIds ?? row.webhookEndpointIds;
  if (mailTo.length + webhookEndpointIds.length === 0) throw new ApiError(400, "BAD_REQUEST", "mailTo: name at least one recipient or webhook endpoint");
  const resuming = patch.paused === false && row.pausedAt !== null;
  const [updated] = await db
    .update(digests)
    .set({
      label: patch.label ?? row.label,
      ...(schedule ? scheduleColumns(schedule) : {}),
      mailTo,
      webhookEndpointIds,
      skipWhenEmpty: patch.skipWhenEmpty ?? row.skipWhenEmpty,
      skipWhenUnchanged: patch.skipWhenUnchanged ?? row.skipWhenUnchanged,
      ...(patch.paused === true && row.pausedAt === null ? { pausedAt: now, pausedReason: `paused by ${user.id === row.ownerUserId ? "its creator" : "an admin"}` } : {}),
      ...(resuming ? { pausedAt: null, pausedReason: null } : {}),
      // A new schedule, or a resume, starts from now: what was missed while paused is not sent.
      ...(schedule || resuming ? { nextDueAt: new Date(nextDueAfter(schedule ?? scheduleOfRow(row), now.getTime())) } : {}),
      updatedBy: user.id,
      updatedAt: now,
    })
    .where(eq(digests.id, row.id))
    .returning();
  if (!updated) throw new ApiError(404, "NOT_FOUND", "no such digest");
  return updated;
}

export async function pauseDigest(db: Db, id: string, reason: string, now: Date): Promise<void> {
  await db.update(digests).set({ pausedAt: now, pausedReason: reason, updatedAt: now }).where(eq(digests.id, id));
}

export async function deleteDigest(db: Db, id: string): Promise<void> {
  await db.delete(digests).where(eq(digests.id, id));
}

/** A run's messages: the outbox rows its dedupe keys name (lib/digests/runner.ts). */
export const runDedupePrefix = (digestId: string, dueAt: Date) => `digest:${digestId}:${dueAt.toISOString()}:`;

export async function runHistory(db: Db, digestId: string, limit = 20) {
  const runs = await db.select().from(digestRuns).where(eq(digestRuns.digestId, digestId)).orderBy(desc(digestRuns.dueAt)).limit(limit);
  if (runs.length === 0) return [];
  const rows = await db
    // keptInOutbox: the mail went to the in-app outbox (demo mode, no SMTP), not to any mail server — the history says so.
    .select({ dedupeKey: deliveries.dedupeKey, channel: deliveries.channel, target: deliveries.target, status: deliveries.status, attempts: deliveries.attempts, lastError: deliveries.lastError, sentAt: deliveries.sentAt, outboxId: mailOutbox.id })
    .from(deliveries)
    .leftJoin(mailOutbox, eq(mailOutbox.deliveryId, deliveries.id))
    .where(and(eq(deliveries.originKind, "digest"), eq(deliveries.originId, digestId), like(deliveries.dedupeKey, `digest:${digestId}:%`)));
  return runs.map((run) => ({
    run,
    deliveries: rows.filter((d) => d.dedupeKey.startsWith(runDedupePrefix(digestId, run.dueAt))),
  }));
}

/** The latest run of each digest (for the list). */
export async function latestRuns(db: Db, digestIds: string[]) {
  if (digestIds.length === 0) return new Map<string, typeof digestRuns.$inferSelect>();
  const runs = await db
    .selectDistinctOn([digestRuns.digestId])
    .from(digestRuns)
    .where(inArray(digestRuns.digestId, digestIds))
    .orderBy(digestRuns.digestId, desc(digestRuns.dueAt));
  return new Map(runs.map((run) => [run.digestId, run]));
}

export const reportOfRow = (row: Pick<DigestRow, "report">) => row.report as ReportName;
