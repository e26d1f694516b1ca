/**
 * A named lease in the database, so that any number of app instances run a
 * piece of work one at a time: `withLease(db, name, ttlMs, fn)` runs `fn` only
 * if no other holder has an unexpired lease of `name`, renews the lease while
 * `fn` runs, and releases it at the end. A holder killed mid-work (SIGKILL,
 * power cut) leaves its lease behind; it runs out after `ttlMs` and the next
 * caller takes over.
 *
 * Why a table (`job_leases`) and not PostgreSQL advisory locks:
 *   - it works the same on PGlite (one process) and PostgreSQL (many), with one code path and one test;
 *   - an advisory lock belongs to a database session, so holding it across the awaits of a job needs a
 *     connection pinned from the pool for the whole job, and a stuck holder whose session stays open keeps
 *     it forever; a lease has a time limit and never pins a connection;
 *   - expiry follows the app clock (lib/clock.ts), so tests move time past a dead holder's lease for every
 *     instance at once, and the holder is visible (who, until when) to people and tests.
 * The price: a holder that stalls longer than its lease (a very long GC pause, a frozen VM) may overlap with
 * the next holder. `fn` gets a signal that aborts as soon as a renewal finds the lease gone, and work that must
 * not be done twice commits a "done" fact in the same transaction as its writes (lib/jobs/schedule.ts's
 * job_runs, the sync's checkpoints) or is idempotent by key (lib/notify/outbox.ts's dedupe key).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobLeases } from "../db/schema";
import { now as appNow } from "../clock";

export interface LeaseOptions {
  /** Owner id (default: host, process and a random part, unique per call). */
  owner?: string;
  /** The clock expiry is measured on (default lib/clock.ts, which tests can move). */
  now?: () => number;
  /** How often the lease is renewed while fn runs (default a third of the TTL). */
  renewEveryMs?: number;
}

export interface HeldLease {
  name: string;
  owner: string;
  /** Aborted when a renewal finds the lease taken over (fn should stop writing). */
  signal: AbortSignal;
  /** Renews now; false (and the signal aborted) when the lease was lost. */
  renew(): Promise<boolean>;
}

export type LeaseOutcome<T> = { ran: false; holder: string | null } | { ran: true; value: T };

/** The lease was taken over while its work still ran. */
export class LeaseLost extends Error {
  constructor(name: string) {
    super(`the lease "${name}" was taken over while its work ran (the holder stalled longer than the lease)`);
    this.name = "LeaseLost";
  }
}

/** A readable owner id: host, process, random part (so a log says which instance did the work). */
export function leaseOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

const clockMs = () => appNow().getTime();

/** Takes `name` for `owner` until now + ttl if it is free, expired or already theirs; false otherwise. */
export async function tryTakeLease(db: Db, name: string, owner: string, ttlMs: number, now: number = clockMs()): Promise<boolean> {
  const rows = await db
    .insert(jobLeases)
    .values({ name, owner, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { owner, expiresAt: now + ttlMs, updatedAt: sql`now()` },
      setWhere: or(eq(jobLeases.owner, owner), lt(jobLeases.expiresAt, now)),
    })
    .returning({ name: jobLeases.name });
  return rows.length > 0;
}

/** Gives `name` up if `owner` still holds it (an expiry in the past: free at once). */
export async function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  await db
    .update(jobLeases)
    .set({ expiresAt: 0, updatedAt: sql`now()` })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.owner, owner)));
}

/** Who holds `name` now (null when free or expired). */
export async function leaseHolder(db: Db, name: string, now: number = clockMs()): Promise<string | null> {
  const [row] = await db.select().from(jobLeases).where(eq(jobLeases.name, name)).limit(1);
  return row && row.expiresAt >= now ? row.owner : null;
}

/** A lease kept alive while its work runs: renewed on a timer and on demand. */
export interface RenewedLease {
  /** Aborted (with the error `lost` made) as soon as a renewal finds the lease gone. */
  signal: AbortSignal;
  /** Renews now (concurrent calls share one renewal); false, and the signal aborted, when the lease was lost. */
  renew(): Promise<boolean>;
  /** Stops the timer and waits for a renewal under way. */
  stop(): Promise<void>;
}

/**
 * Keeps a lease alive: `takeOrRenew` (true while held) runs every `everyMs` and
 * whenever `renew()` is called. A renewal that throws (database unreachable) is
 * tried again at the next turn: the TTL bounds the risk. Shared by withLease and
 * the digest runs (lib/digests/run-lease.ts), whose leases live on their own rows.
 */
export function keepRenewed(takeOrRenew: () => Promise<boolean>, everyMs: number, lost: () => Error): RenewedLease {
  const controller = new AbortController();
  let renewing: Promise<boolean> | null = null;
  const renew = (): Promise<boolean> => {
    if (controller.signal.aborted) return Promise.resolve(false);
    renewing ??= takeOrRenew()
      .catch(() => true)
      .then((held) => {
        if (!held) controller.abort(lost());
        return held;
      })
      .finally(() => (renewing = null));
    return renewing;
  };
  const timer = setInterval(() => void renew(), everyMs);
  timer.unref();
  return {
    signal: controller.signal,
    renew,
    async stop() {
      clearInterval(timer);
      await (renewing ?? Promise.resolve());
    },
  };
}

/**
 * Runs fn under the lease `name` (ttlMs long, renewed while fn runs), or not at
 * all when another holder has it: `{ ran: false, holder }`. fn's errors pass
 * through; the lease is released either way.
 */
export async function withLease<T>(db: Db, name: string, ttlMs: number, fn: (lease: HeldLease) => Promise<T>, options: LeaseOptions = {}): Promise<LeaseOutcome<T>> {
  if (!(ttlMs > 0)) throw new RangeError("a lease needs a positive TTL");
  const now = options.now ?? clockMs;
  const owner = options.owner ?? leaseOwnerId();
  if (!(await tryTakeLease(db, name, owner, ttlMs, now()))) return { ran: false, holder: await leaseHolder(db, name, now()) };

  const kept = keepRenewed(() => tryTakeLease(db, name, owner, ttlMs, now()), options.renewEveryMs ?? Math.max(50, Math.floor(ttlMs / 3)), () => new LeaseLost(name));
  try {
    const value = await fn({ name, owner, signal: kept.signal, renew: kept.renew });
    return { ran: true, value };
  } finally {
    await kept.stop();
    if (!kept.signal.aborted) await releaseLease(db, name, owner).catch(() => {});
  }
}
