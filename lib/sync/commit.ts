/**
 * Committing one page: its rows (upserted on their natural key, added vs
 * changed counted) and the report's sync_state (counters, progress, history
 * cursor and, on a window's last page, the checkpoint) in one transaction, so
 * a crash loses or duplicates nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { syncState } from "../db/schema";
import type { RunContext } from "./config";
import type { ReportRun } from "./plan";
import type { RowCounts } from "./reports";
import type { SyncProgress } from "./status";
import { recordFullRead } from "./state";
import type { SyncWindow } from "./windows";

export interface PageToCommit {
  window: SyncWindow;
  items: never[];
  /** The page read (where an interrupted history window resumes is the next one). */
  page: number;
  /** The window's last page. */
  last: boolean;
  /** The window is the last of its phase in this run. */
  lastOfPhase: boolean;
}

export async function commitPage(ctx: RunContext, run: ReportRun, { window, items, page, last, lastOfPhase }: PageToCommit): Promise<RowCounts> {
  const p = run.progress;
  return ctx.db.transaction(async (tx) => {
    const c = await run.def.upsert(tx, ctx.connectionId, items, window);
    const set: Record<string, unknown> = {
      rowsAdded: sql`${syncState.rowsAdded} + ${c.added}`,
      rowsChanged: sql`${syncState.rowsChanged} + ${c.changed}`,
      updatedAt: sql`now()`,
    };
    if (window.phase === "history" && !last) p.cursor = { startTime: window.startTime, endTime: window.endTime, page: page + 1 };
    else delete p.cursor;
    const progress: SyncProgress = { ...p, rowsAdded: p.rowsAdded + c.added, rowsChanged: p.rowsChanged + c.changed };
    // The windows whose rows did not add up, as this window's last page leaves them (a repair window moves nothing else).
    if (last) set.incomplete = run.incomplete;
    if (last && window.phase === "history") {
      // The window is done: everything from its start on is covered.
      set.coveredFrom = window.startTime;
      if (window.startTime <= run.earliest) set.backfillDone = true;
    }
    if (last && lastOfPhase && window.phase === "recent") {
      set.coveredTo = ctx.startedAt;
      const from = run.state?.coveredFrom;
      set.coveredFrom = from == null ? run.recentFrom : Math.min(from, run.recentFrom);
      if (run.recentFrom <= run.earliest) set.backfillDone = true;
      if (run.full) await recordFullRead(tx, ctx.connectionId, run.def.key, ctx.startedAt);
    }
    set.progress = progress;
    await tx
      .update(syncState)
      .set(set as never)
      .where(and(eq(syncState.connectionId, ctx.connectionId), eq(syncState.report, run.def.key)));
    return c;
  });
}
