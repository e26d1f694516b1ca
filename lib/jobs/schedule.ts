/**
 * Scheduled jobs that fire exactly once per slot (every minute, every hour…)
 * however many app instances run: each instance ticks on its own timer, and a
 * tick runs the job's due slots under the job's lease (lib/jobs/lease.ts), one
 * slot per transaction that also writes the slot's `job_runs` row. So:
 *   - two instances never run a job at the same time (the lease);
 *   - a slot is done once: its "done" row is committed with the slot's own
 *     writes, and a second attempt (a holder that stalled past its lease)
 *     fails on the row's primary key and rolls its writes back;
 *   - an instance killed mid-slot commits nothing of it: its lease runs out
 *     and the next tick of any instance runs the slot again, and the slots
 *     missed meanwhile (up to `maxCatchUp`).
 * Work with effects outside the database (a mail, a webhook) is not rolled
 * back: such jobs enqueue with a dedupe key made of the slot
 * (lib/notify/outbox.ts), and the delivery worker sends each row once.
 */
import "server-only";
import { and, eq, lt, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobRuns } from "../db/schema";
import { now as appNow } from "../clock";
import { leaseOwnerId, withLease, type LeaseOptions } from "./lease";

/** How long the done slots are kept. */
const KEEP_MS = 30 * 86_400_000;

/** A slot's context: `db` is the slot's transaction (its writes commit with the "done" row). */
export interface SlotContext {
  db: Db;
  slot: Date;
  owner: string;
  signal: AbortSignal;
}

export interface ScheduledJob {
  /** Unique name: the lease is `job:<name>`, the job_runs rows carry it. */
  name: string;
  /** Slot length in ms (60 000: every minute on the minute, on the app clock). */
  everyMs: number;
  run(ctx: SlotContext): Promise<void>;
  /** Lease TTL (default 2 minutes): how long a killed holder blocks the job. */
  leaseMs?: number;
  /** Most slots caught up after a pause, newest kept (default 60). */
  maxCatchUp?: number;
}

export interface TickResult {
  /** False when another instance held the job's lease. */
  ran: boolean;
  /** The slots this tick did. */
  done: Date[];
  /** The lease owner this tick ran as. */
  owner: string;
}

/** The job's last slot done (null before its first). */
export async function lastSlotDone(db: Db, job: string): Promise<Date | null> {
  const [row] = await db.select({ last: max(jobRuns.slot) }).from(jobRuns).where(eq(jobRuns.job, job));
  return row?.last ?? null;
}

/** The slots due at `nowMs`: after the last done up to the current one (only the current one the first time). */
export function dueSlots(everyMs: number, nowMs: number, last: Date | null, maxCatchUp: number): Date[] {
  const current = Math.floor(nowMs / everyMs) * everyMs;
  const oldest = current - (maxCatchUp - 1) * everyMs;
  const first = Math.max(last === null ? current : last.getTime() + everyMs, oldest);
  const slots: Date[] = [];
  for (let t = first; t <= current; t += everyMs) slots.push(new Date(t));
  return slots;
}

/** One tick of `job`: its due slots under its lease, each in its own transaction. */
export async function runDueSlots(db: Db, job: ScheduledJob, options: LeaseOptions = {}): Promise<TickResult> {
  const nowMs = options.now ?? (() => appNow().getTime());
  const owner = options.owner ?? leaseOwnerId();
  const outcome = await withLease(
    db,
    `job:${job.name}`,
    job.leaseMs ?? 120_000,
    async (lease) => {
      const done: Date[] = [];
      for (const slot of dueSlots(job.everyMs, nowMs(), await lastSlotDone(db, job.name), job.maxCatchUp ?? 60)) {
        lease.signal.throwIfAborted();
        await db.transaction(async (tx) => {
          await job.run({ db: tx, slot, owner: lease.owner, signal: lease.signal });
          await tx.insert(jobRuns).values({ job: job.name, slot, owner: lease.owner });
        });
        done.push(slot);
        await lease.renew();
      }
      // Slots older than a month go (the newest, which the next tick starts from, is never among them).
      if (done.length > 0) await db.delete(jobRuns).where(and(eq(jobRuns.job, job.name), lt(jobRuns.slot, new Date(nowMs() - KEEP_MS))));
      return done;
    },
    { ...options, now: nowMs, owner },
  );
  return outcome.ran ? { ran: true, done: outcome.value, owner } : { ran: false, done: [], owner };
}
