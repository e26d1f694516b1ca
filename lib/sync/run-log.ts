/**
 * The log of sync runs (`sync_runs`): a row when a run takes a connection's
 * lease, its heartbeat on every lease renewal, its end. Times are the
 * database's own clock (clock_timestamp()), one clock for every instance, so
 * the log proves that two runs of a connection never overlapped: a run starts
 * after the previous one finished, or — for a run killed mid-way — after its
 * last heartbeat, where the next run's start closes it as interrupted.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { syncRuns } from "../db/schema";
import type { SyncRunResult } from "./status";

export type SyncRunOutcome = "done" | "failed" | "interrupted";

/** How long the log keeps a connection's runs (a run a minute is half a million rows a year otherwise). */
export const RUN_LOG_KEEP_DAYS = 30;

export async function logRunStart(db: Db, connectionId: string, owner: string): Promise<number> {
  // Runs a dead holder left open (kill -9, a lost machine): this run holds the lease, so none of them still runs.
  // Closed as interrupted at their last heartbeat, so the log goes on proving that no two runs overlapped.
  await db
    .update(syncRuns)
    .set({ finishedAt: sql`${syncRuns.renewedAt}`, outcome: "interrupted" })
    .where(and(eq(syncRuns.connectionId, connectionId), isNull(syncRuns.finishedAt)));
  const [row] = await db
    .insert(syncRuns)
    .values({ connectionId, owner, startedAt: sql`clock_timestamp()`, renewedAt: sql`clock_timestamp()` })
    .returning({ id: syncRuns.id });
  if (!row) throw new Error("the sync run was not logged");
  return row.id;
}

export async function logRunHeartbeat(db: Db, id: number): Promise<void> {
  await db.update(syncRuns).set({ renewedAt: sql`clock_timestamp()` }).where(eq(syncRuns.id, id));
}

export async function logRunEnd(db: Db, id: number, outcome: SyncRunOutcome, result: Pick<SyncRunResult, "pages" | "rowsAdded" | "rowsChanged">): Promise<void> {
  await db
    .update(syncRuns)
    .set({ finishedAt: sql`clock_timestamp()`, renewedAt: sql`clock_timestamp()`, outcome, pages: result.pages, rowsAdded: result.rowsAdded, rowsChanged: result.rowsChanged })
    .where(eq(syncRuns.id, id));
  const [row] = await db.select({ connectionId: syncRuns.connectionId }).from(syncRuns).where(eq(syncRuns.id, id));
  if (row) {
    await db
      .delete(syncRuns)
      .where(and(eq(syncRuns.connectionId, row.connectionId), sql`${syncRuns.startedAt} < clock_timestamp() - make_interval(days => ${RUN_LOG_KEEP_DAYS})`));
  }
}
