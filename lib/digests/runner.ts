/**
 * Firing digests exactly once, on any number of app instances.
 *
 * A tick (lib/digests/scheduler.ts, every ~30 s) finds digests whose next
 * occurrence has come and inserts their run — unique per (digest, due
 * instant), ON CONFLICT DO NOTHING — and only the inserter goes on. After
 * downtime only the latest missed occurrence runs (catch-up policy). A run
 * holds a lease while it computes the figures, decides whether to skip,
 * makes the share link its messages point to and queues the messages; the
 * lease is renewed while it works and before each step, fenced, so a slow run
 * keeps it and a holder that lost it stops (lib/digests/run-lease.ts). A run
 * whose holder died (lease past) is taken over by a later tick; the run's one
 * share link is kept on its row and the outbox's dedupe keys make sure no
 * message is queued twice.
 */
import "server-only";
import { and, desc, eq, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { hasRole } from "../auth/roles";
import { findUserById } from "../auth/users";
import type { Db } from "../db/client";
import { digestRuns, digests, type DigestRow, type DigestRunKind, type DigestRunRow } from "../db/schema";
import { describeScope } from "../reports/scope-label";
import { reportTitle } from "../reports/contracts";
import { maskUidFor, tokenForLink } from "../share/token";
import { createShareLink } from "../share/store";
import { computeDigestContent, figureValues, isEmptyContent, sameFigures, scopeForPeriod } from "./content";
import { enqueueRunMessages } from "./deliver";
import { DIGEST_LINK_EXPIRY } from "./link-words";
import { periodText } from "./message";
import { digestPeriod } from "./period";
import { heldBy, holdRunLease, RunLeaseLost, type RunLease } from "./run-lease";
import { describeSchedule, latestDueAtOrBefore, nextDueAfter } from "./schedule";
import { findDigest, newRunId, pauseDigest, reportOfRow, scheduleOfRow, scopeOfRow } from "./store";

export interface RunnerOptions {
  /** Who holds a lease (an instance id). */
  instance: string;
  /** The app's public URL, for links in messages (lib/digests/app-url.ts). */
  appUrl: string;
  leaseMs?: number;
  /** Real milliseconds between renewals of a working run's lease (default a third of the lease). */
  renewEveryMs?: number;
}

const DEFAULT_LEASE_MS = 120_000;
/** A run that fails this often is given up (status failed, the error kept). */
export const MAX_RUN_ATTEMPTS = 3;
const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);

const storedFigures = z.array(z.object({ key: z.string(), value: z.string().nullable() }).loose());

type RunOutcome = Partial<Pick<DigestRunRow, "status" | "skipReason" | "figures" | "lastError">>;

/** Records the outcome and lets the lease go — only while this holder still has the run. */
async function finishRun(db: Db, run: DigestRunRow, lease: RunLease, set: RunOutcome) {
  await lease.step("recording its outcome");
  const [row] = await db
    .update(digestRuns)
    .set({ ...set, finishedAt: lease.now(), leaseOwner: null, leaseUntil: null })
    .where(heldBy(run, lease.owner))
    .returning();
  if (!row) throw new RunLeaseLost(run.id, "recording its outcome");
  return row;
}

/**
 * The share link the run's messages point to: made once per run, whatever the
 * number of holders. The run's row is locked while the link is made and kept on
 * it, in one transaction, so a second holder waits and then finds the link.
 */
async function linkOfRun(db: Db, run: DigestRunRow, digest: DigestRow, owner: { id: string; email: string }, lease: RunLease): Promise<string> {
  const period = { from: run.periodFrom, to: run.periodTo };
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ shareLinkId: digestRuns.shareLinkId }).from(digestRuns).where(heldBy(run, lease.owner)).for("update");
    if (!held) throw new RunLeaseLost(run.id, "making its share link");
    if (held.shareLinkId) return held.shareLinkId;
    const { link } = await createShareLink(
      tx,
      {
        connectionId: digest.connectionId,
        report: reportOfRow(digest),
        scope: scopeForPeriod(scopeOfRow(digest), period),
        mode: "live",
        expiry: DIGEST_LINK_EXPIRY,
        redactUids: digest.redactUids,
        percentages: digest.percentages,
        label: `Digest: ${digest.label} (${periodText(period)})`,
        user: owner,
      },
      lease.now(),
    );
    await tx.update(digestRuns).set({ shareLinkId: link.id }).where(eq(digestRuns.id, run.id));
    return link.id;
  });
}

/** Does the run's work, renewing its lease before each step (a step throws RunLeaseLost once the run is another holder's). */
async function processRun(db: Db, run: DigestRunRow, now: Date, lease: RunLease, options: RunnerOptions): Promise<DigestRunRow> {
  await lease.step("reading its digest");
  const digest = await findDigest(db, run.digestId);
  if (!digest) return finishRun(db, run, lease, { status: "skipped", skipReason: "the digest was deleted" });
  // A digest never shows more than its creator may see: checked again at every run.
  const owner = await findUserById(db, digest.ownerUserId);
  if (!owner || !hasRole(owner.role, "analyst")) {
    const reason = owner ? "its creator no longer has the analyst role" : "its creator was removed";
    await lease.step("pausing its digest");
    await pauseDigest(db, digest.id, `Paused: ${reason}`, now);
    return finishRun(db, run, lease, { status: "skipped", skipReason: reason });
  }
  if (run.kind === "scheduled" && digest.pausedAt) return finishRun(db, run, lease, { status: "skipped", skipReason: "the digest is paused" });
  const report = reportOfRow(digest);
  const scope = scopeOfRow(digest);
  const period = { from: run.periodFrom, to: run.periodTo };
  await lease.step("computing its figures");
  const content = await computeDigestContent(db, { connectionId: digest.connectionId, report, scope, percentages: digest.percentages }, period, now);
  // A person pressing "send now" gets the digest whatever the skip rules say.
  if (run.kind === "scheduled") {
    if (digest.skipWhenEmpty && isEmptyContent(content)) return finishRun(db, run, lease, { status: "skipped", skipReason: "nothing happened in the period", figures: content.figures });
    if (digest.skipWhenUnchanged) {
      const [last] = await db
        .select()
        .from(digestRuns)
        .where(and(eq(digestRuns.digestId, digest.id), eq(digestRuns.status, "queued"), ne(digestRuns.id, run.id)))
        .orderBy(desc(digestRuns.dueAt))
        .limit(1);
      const lastFigures = last ? storedFigures.safeParse(last.figures) : null;
      if (last && lastFigures?.success && sameFigures(figureValues(lastFigures.data), figureValues(content.figures))) {
        return finishRun(db, run, lease, { status: "skipped", skipReason: `nothing changed since the digest of ${last.dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, figures: content.figures });
      }
    }
  }
  await lease.step("making its share link");
  const shareLinkId = await linkOfRun(db, run, digest, owner, lease);
  const scopeWords = describeScope(scopeForPeriod(scope, period), digest.redactUids ? { report, maskUid: maskUidFor(shareLinkId) } : { report });
  const words = {
    label: digest.label,
    reportTitle: reportTitle(report),
    scope: scopeWords,
    schedule: describeSchedule(scheduleOfRow(digest)),
    viewUrl: `${options.appUrl}/r/${tokenForLink(shareLinkId)}`,
  };
  await lease.step("queueing its messages");
  await enqueueRunMessages(db, { digest, dueAt: run.dueAt, content, words, appUrl: options.appUrl, shareLinkId, now, signal: lease.signal });
  return finishRun(db, run, lease, { status: "queued", figures: content.figures });
}

/** A holder that lost its run stops: the row as the new holder has it, untouched by this one. */
async function leftToOthers(db: Db, run: DigestRunRow, lost: RunLeaseLost): Promise<DigestRunRow> {
  console.warn(`[rebate-desk] ${lost.message}; this instance stops and leaves the run to it`);
  const [row] = await db.select().from(digestRuns).where(eq(digestRuns.id, run.id));
  return row ?? run;
}

/** Runs the claimed run; a failure leaves it for a later tick (with a delay) until it has failed MAX_RUN_ATTEMPTS times. */
async function runClaimed(db: Db, run: DigestRunRow, now: Date, options: RunnerOptions): Promise<DigestRunRow> {
  const lease = holdRunLease(db, run, { owner: options.instance, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, renewEveryMs: options.renewEveryMs, tickNow: now });
  try {
    return await processRun(db, run, now, lease, options);
  } catch (error) {
    if (error instanceof RunLeaseLost) return leftToOthers(db, run, error);
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[rebate-desk] digest run ${run.id} failed (attempt ${run.attempts}): ${message}`);
    try {
      if (run.attempts >= MAX_RUN_ATTEMPTS) return await finishRun(db, run, lease, { status: "failed", lastError: message });
      const [row] = await db
        .update(digestRuns)
        .set({ lastError: message, leaseOwner: null, leaseUntil: new Date(lease.now().getTime() + retryDelayMs(run.attempts)) })
        .where(heldBy(run, lease.owner))
        .returning();
      if (!row) throw new RunLeaseLost(run.id, "recording its failure");
      return row;
    } catch (failure) {
      if (failure instanceof RunLeaseLost) return leftToOthers(db, run, failure);
      throw failure;
    }
  } finally {
    await lease.stop();
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
