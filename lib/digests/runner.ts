/**
 * Firing digests exactly once, on any number of app instances.
 *
 * A tick (lib/digests/scheduler.ts, every ~30 s) finds digests whose next
 * occurrence has come and inserts their run — unique per (digest, due
 * instant), ON CONFLICT DO NOTHING — and only the inserter goes on. After
 * downtime only the latest missed occurrence runs (catch-up policy). A run
 * holds a lease while it computes the figures, decides whether to skip,
 * makes the share link its messages point to and queues the messages; a run
 * whose holder died (lease past) is taken over by a later tick, and the
 * outbox's dedupe keys make sure no message is queued twice.
 */
import "server-only";
import { and, desc, eq, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { hasRole } from "../auth/roles";
import { findUserById } from "../auth/users";
import type { Db } from "../db/client";
import { digestRuns, digests, type DigestRow, type DigestRunKind, type DigestRunRow } from "../db/schema";
import { describeScope } from "../reports/scope-label";
import { REPORT_TITLES } from "../reports/names";
import { maskUidFor, tokenForLink } from "../share/token";
import { createShareLink } from "../share/store";
import { computeDigestContent, figureValues, isEmptyContent, sameFigures, scopeForPeriod } from "./content";
import { enqueueRunMessages } from "./deliver";
import { periodText } from "./message";
import { digestPeriod } from "./period";
import { describeSchedule, latestDueAtOrBefore, nextDueAfter } from "./schedule";
import { findDigest, newRunId, pauseDigest, reportOfRow, scheduleOfRow, scopeOfRow } from "./store";

export interface RunnerOptions {
  /** Who holds a lease (an instance id). */
  instance: string;
  /** The app's public URL, for links in messages (lib/digests/app-url.ts). */
  appUrl: string;
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 120_000;
/** A run that fails this often is given up (status failed, the error kept). */
export const MAX_RUN_ATTEMPTS = 3;
const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);

const storedFigures = z.array(z.object({ key: z.string(), value: z.string().nullable() }).loose());

async function finishRun(db: Db, runId: string, now: Date, set: Partial<Pick<DigestRunRow, "status" | "skipReason" | "figures" | "lastError">>) {
  const [row] = await db
    .update(digestRuns)
    .set({ ...set, finishedAt: now, leaseOwner: null, leaseUntil: null })
    .where(eq(digestRuns.id, runId))
    .returning();
  if (!row) throw new Error(`digest run ${runId} vanished`);
  return row;
}

/** The share link the run's messages point to: made once per run, kept on the run so a retry reuses it. */
async function linkOfRun(db: Db, run: DigestRunRow, digest: DigestRow, owner: { id: string; email: string }, now: Date): Promise<string> {
  if (run.shareLinkId) return run.shareLinkId;
  const period = { from: run.periodFrom, to: run.periodTo };
  const { link } = await createShareLink(
    db,
    {
      connectionId: digest.connectionId,
      report: reportOfRow(digest),
      scope: scopeForPeriod(scopeOfRow(digest), period),
      mode: "live",
      expiry: "30d",
      redactUids: digest.redactUids,
      percentages: digest.percentages,
      label: `Digest: ${digest.label} (${periodText(period)})`,
      user: owner,
    },
    now,
  );
  const [claimed] = await db
    .update(digestRuns)
    .set({ shareLinkId: link.id })
    .where(and(eq(digestRuns.id, run.id), isNull(digestRuns.shareLinkId)))
    .returning();
  if (claimed) return link.id;
  const [again] = await db.select().from(digestRuns).where(eq(digestRuns.id, run.id));
  return again?.shareLinkId ?? link.id;
}

/** Does the run's work; the caller holds its lease. */
async function processRun(db: Db, run: DigestRunRow, now: Date, options: RunnerOptions): Promise<DigestRunRow> {
  const digest = await findDigest(db, run.digestId);
  if (!digest) return finishRun(db, run.id, now, { status: "skipped", skipReason: "the digest was deleted" });
  // A digest never shows more than its creator may see: checked again at every run.
  const owner = await findUserById(db, digest.ownerUserId);
  if (!owner || !hasRole(owner.role, "analyst")) {
    const reason = owner ? "its creator no longer has the analyst role" : "its creator was removed";
    await pauseDigest(db, digest.id, `Paused: ${reason}`, now);
    return finishRun(db, run.id, now, { status: "skipped", skipReason: reason });
  }
  if (run.kind === "scheduled" && digest.pausedAt) return finishRun(db, run.id, now, { status: "skipped", skipReason: "the digest is paused" });
  const report = reportOfRow(digest);
  const scope = scopeOfRow(digest);
  const period = { from: run.periodFrom, to: run.periodTo };
  const content = await computeDigestContent(db, { connectionId: digest.connectionId, report, scope, percentages: digest.percentages }, period, now);
  // A person pressing "send now" gets the digest whatever the skip rules say.
  if (run.kind === "scheduled") {
    if (digest.skipWhenEmpty && isEmptyContent(content)) return finishRun(db, run.id, now, { status: "skipped", skipReason: "nothing happened in the period", figures: content.figures });
    if (digest.skipWhenUnchanged) {
      const [last] = await db
        .select()
        .from(digestRuns)
        .where(and(eq(digestRuns.digestId, digest.id), eq(digestRuns.status, "queued"), ne(digestRuns.id, run.id)))
        .orderBy(desc(digestRuns.dueAt))
        .limit(1);
      const lastFigures = last ? storedFigures.safeParse(last.figures) : null;
      if (last && lastFigures?.success && sameFigures(figureValues(lastFigures.data), figureValues(content.figures))) {
        return finishRun(db, run.id, now, { status: "skipped", skipReason: `nothing changed since the digest of ${last.dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, figures: content.figures });
      }
    }
  }
  const shareLinkId = await linkOfRun(db, run, digest, owner, now);
  const scopeWords = describeScope(scopeForPeriod(scope, period), digest.redactUids ? { report, maskUid: maskUidFor(shareLinkId) } : { report });
  const words = {
    label: digest.label,
    reportTitle: REPORT_TITLES[report],
    scope: scopeWords,
    schedule: describeSchedule(scheduleOfRow(digest)),
    viewUrl: `${options.appUrl}/r/${tokenForLink(shareLinkId)}`,
  };
  await enqueueRunMessages(db, { digest, dueAt: run.dueAt, content, words, appUrl: options.appUrl, shareLinkId, now });
  return finishRun(db, run.id, now, { status: "queued", figures: content.figures });
}

/** Runs the claimed run; a failure leaves it for a later tick (with a delay) until it has failed MAX_RUN_ATTEMPTS times. */
async function runClaimed(db: Db, run: DigestRunRow, now: Date, options: RunnerOptions): Promise<DigestRunRow> {
  try {
    return await processRun(db, run, now, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[rebate-desk] digest run ${run.id} failed (attempt ${run.attempts}): ${message}`);
    if (run.attempts >= MAX_RUN_ATTEMPTS) return finishRun(db, run.id, now, { status: "failed", lastError: message });
    const [row] = await db
      .update(digestRuns)
      .set({ lastError: message, leaseOwner: null, leaseUntil: new Date(now.getTime() + retryDelayMs(run.attempts)) })
      .where(eq(digestRuns.id, run.id))
      .returning();
    return row ?? run;
  }
}

async function insertRun(db: Db, digest: DigestRow, dueAt: Date, kind: DigestRunKind, now: Date, options: RunnerOptions): Promise<DigestRunRow | undefined> {
  const period = digestPeriod(digest.scheduleKind, dueAt.getTime());
  const [run] = await db
    .insert(digestRuns)
    .values({
      id: newRunId(),
      digestId: digest.id,
      dueAt,
      kind,
      status: "running",
      periodFrom: period.from,
      periodTo: period.to,
      attempts: 1,
      leaseOwner: options.instance,
      leaseUntil: new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [digestRuns.digestId, digestRuns.dueAt] })
    .returning();
  return run;
}

export interface TickResult {
  /** Runs this tick inserted (and so did). */
  started: DigestRunRow[];
  /** Runs of a dead holder, or failed once, that this tick took over. */
  resumed: DigestRunRow[];
}

export async function tickDigests(db: Db, now: Date, options: RunnerOptions): Promise<TickResult> {
  const result: TickResult = { started: [], resumed: [] };
  const due = await db.select().from(digests).where(and(isNull(digests.pausedAt), lte(digests.nextDueAt, now))).limit(100);
  for (const digest of due) {
    const schedule = scheduleOfRow(digest);
    // Catch-up: after downtime only the latest occurrence that has come runs.
    const dueAt = new Date(Math.max(digest.nextDueAt.getTime(), latestDueAtOrBefore(schedule, now.getTime())));
    const run = await insertRun(db, digest, dueAt, "scheduled", now, options);
    await db
      .update(digests)
      .set({ nextDueAt: new Date(nextDueAfter(schedule, Math.max(now.getTime(), dueAt.getTime()))) })
      .where(and(eq(digests.id, digest.id), eq(digests.nextDueAt, digest.nextDueAt)));
    if (run) result.started.push(await runClaimed(db, run, now, options));
  }
  const stale = await db
    .select({ id: digestRuns.id })
    .from(digestRuns)
    .where(and(eq(digestRuns.status, "running"), lt(digestRuns.leaseUntil, now)))
    .limit(20);
  for (const { id } of stale) {
    const [claimed] = await db
      .update(digestRuns)
      .set({ leaseOwner: options.instance, leaseUntil: new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)), attempts: sql`${digestRuns.attempts} + 1` })
      .where(and(eq(digestRuns.id, id), eq(digestRuns.status, "running"), lt(digestRuns.leaseUntil, now)))
      .returning();
    if (claimed) result.resumed.push(await runClaimed(db, claimed, now, options));
  }
  return result;
}

/** "Send now": a manual run due now, done at once (skip rules do not apply: a person asked). */
export async function sendDigestNow(db: Db, digest: DigestRow, now: Date, options: RunnerOptions): Promise<DigestRunRow> {
  const run = await insertRun(db, digest, now, "manual", now, options);
  if (!run) throw new Error("a run of this digest is due at this very instant already");
  return runClaimed(db, run, now, options);
}
