/**
 * A digest run's lease, kept for as long as the run works (lib/digests/runner.ts).
 *
 * The lease lives on the run's row (`lease_owner`, `lease_until`). While the run
 * works it is renewed on a timer (a third of the lease) and once more right
 * before each step that has an effect (reading the digest, computing the
 * figures, making the share link, queueing the messages, recording the
 * outcome). Every renewal and every write of the run is fenced: it holds only
 * while the row is still this holder's — same owner, still running, same
 * attempt (a takeover counts one more attempt, so even an instance of the same
 * name that takes the run over is told apart). A holder that finds its lease
 * gone stops before its next effect; what it already committed is either
 * reused by the new holder (the share link, kept on the row) or harmless to
 * repeat (the messages' dedupe keys).
 */
import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import { now as appNow } from "../clock";
import type { Db } from "../db/client";
import { digestRuns, type DigestRunRow } from "../db/schema";
import { keepRenewed } from "../jobs/lease";

/** The run was taken over (its lease ran out and another tick claimed it) while this holder worked. */
export class RunLeaseLost extends Error {
  constructor(runId: string, before: string) {
    super(`digest run ${runId}: the lease was lost before ${before} (another instance took the run over)`);
    this.name = "RunLeaseLost";
  }
}

type RunKey = Pick<DigestRunRow, "id" | "attempts">;

/** "This holder still has the run": the condition of every write a holder makes to its run. */
export const heldBy = (run: RunKey, owner: string): SQL | undefined =>
  and(eq(digestRuns.id, run.id), eq(digestRuns.leaseOwner, owner), eq(digestRuns.status, "running"), eq(digestRuns.attempts, run.attempts));

export interface RunLeaseOptions {
  owner: string;
  leaseMs: number;
  /** Real milliseconds between timer renewals (default a third of the lease). */
  renewEveryMs?: number;
  /** The instant the tick started the run at. */
  tickNow: Date;
  /** The app clock (lib/clock.ts), which tests move. */
  clock?: () => Date;
}

export interface RunLease {
  owner: string;
  /** Aborted as soon as a renewal finds the run taken over. */
  signal: AbortSignal;
  /** The run's time: the tick's instant moved on by as much as the app clock has since. */
  now(): Date;
  /** Renews the lease before a step; throws RunLeaseLost when the run is no longer this holder's. */
  step(before: string): Promise<void>;
  stop(): Promise<void>;
}

export function holdRunLease(db: Db, run: RunKey, options: RunLeaseOptions): RunLease {
  const clock = options.clock ?? appNow;
  const clockAtStart = clock().getTime();
  // Ticks are given their instant (tests pass one); the elapsed time comes from the app clock.
  const now = () => new Date(options.tickNow.getTime() + clock().getTime() - clockAtStart);
  const renewOnce = async () => {
    const rows = await db
      .update(digestRuns)
      .set({ leaseUntil: new Date(now().getTime() + options.leaseMs) })
      .where(heldBy(run, options.owner))
      .returning({ id: digestRuns.id });
    return rows.length > 0;
  };
  const kept = keepRenewed(renewOnce, options.renewEveryMs ?? Math.max(50, Math.floor(options.leaseMs / 3)), () => new RunLeaseLost(run.id, "a timed renewal"));
  return {
    owner: options.owner,
    signal: kept.signal,
    now,
    async step(before) {
      if (!(await kept.renew())) throw new RunLeaseLost(run.id, before);
    },
    stop: () => kept.stop(),
  };
}
