/**
 * The sync_state rows of a connection: one per report (checkpoint, progress,
 * counters, last success and error) and the lease row (`__lock__`), so two
 * processes or app instances never sync one connection at once; a crashed
 * holder's lease expires.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { syncState } from "../db/schema";

export const LOCK_REPORT = "__lock__";

/**
 * The row recording when a fullRefresh report (invited users) was last read in
 * full: its coveredTo is that run's start. A normal run re-reads only recent
 * registrations, so older invitees' milestones (KYC, last trade) are only as
 * fresh as the last full read — reports that show them say so (lib/reports/coverage-sources.ts).
 */
export const fullReadRow = (report: string): string => `${report}:full-read`;

export type StateRow = typeof syncState.$inferSelect;

/** Another process took the connection's lease (this run stalled past it): the run stops. */
export class LeaseLostError extends Error {
  constructor() {
    super("the connection's sync lease was taken over (this run stalled longer than the lease)");
    this.name = "LeaseLostError";
  }
}

/** Every report's state row of the connection (not the lease), by report key. */
export async function loadStates(db: Db, connectionId: string): Promise<Map<string, StateRow>> {
  const rows = await db.select().from(syncState).where(and(eq(syncState.connectionId, connectionId), ne(syncState.report, LOCK_REPORT)));
  return new Map(rows.map((r) => [r.report, r]));
}

/**
 * Takes or renews the connection's lease; false when another owner holds an unexpired one.
 * `now` is the run's clock (the app clock in the app: lib/clock.ts, which tests move past a killed holder's lease).
 */
export async function takeLease(db: Db, connectionId: string, owner: string, leaseMs: number, now: number = Date.now()): Promise<boolean> {
  const lease = { owner, expiresAt: now + leaseMs };
  const rows = await db
    .insert(syncState)
    .values({ connectionId, report: LOCK_REPORT, progress: lease })
    .onConflictDoUpdate({
      target: [syncState.connectionId, syncState.report],
      set: { progress: lease, updatedAt: sql`now()` },
      setWhere: sql`${syncState.progress} is null or ${syncState.progress}->>'owner' = ${owner} or (${syncState.progress}->>'expiresAt')::bigint < ${now}`,
    })
    .returning({ report: syncState.report });
  return rows.length > 0;
}

export async function releaseLease(db: Db, connectionId: string, owner: string): Promise<void> {
  await db
    .update(syncState)
    .set({ progress: null, updatedAt: sql`now()` })
    .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, LOCK_REPORT), sql`${syncState.progress}->>'owner' = ${owner}`));
}

/** Where `report` stands after a failed run: its error, and its progress kept but not running. */
export async function recordReportError(db: Db, connectionId: string, report: string, error: string, at: Date, progress: object): Promise<void> {
  await db
    .update(syncState)
    .set({ lastError: error, lastErrorAt: at, progress: { ...progress, running: false }, updatedAt: sql`now()` })
    .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, report)));
}

/** A report's run ended well: no progress, its success time, no error. */
export async function recordReportSuccess(db: Db, connectionId: string, report: string, at: Date): Promise<void> {
  await db
    .update(syncState)
    .set({ progress: null, lastSuccessAt: at, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, report)));
}

/** An interrupted run (aborted, lease lost): the report's progress and history cursor are kept, marked as not running. */
export async function markInterrupted(db: Db, connectionId: string, report: string): Promise<void> {
  await db
    .update(syncState)
    .set({ progress: sql`jsonb_set(${syncState.progress}, '{running}', 'false')` })
    .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, report), sql`${syncState.progress} is not null`));
}

/** A full read of `report` finished: everything it holds is at least as fresh as `at` (in the page's own transaction). */
export async function recordFullRead(db: Pick<Db, "insert">, connectionId: string, report: string, at: number): Promise<void> {
  await db
    .insert(syncState)
    .values({ connectionId, report: fullReadRow(report), coveredTo: at, backfillDone: true })
    .onConflictDoUpdate({ target: [syncState.connectionId, syncState.report], set: { coveredTo: at, updatedAt: sql`now()` } });
}

/** The report's state row, created empty when it has none yet. */
export async function ensureStateRow(db: Db, connectionId: string, report: string): Promise<StateRow | undefined> {
  await db.insert(syncState).values({ connectionId, report }).onConflictDoNothing();
  return (await loadStates(db, connectionId)).get(report);
}
