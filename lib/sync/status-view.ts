/**
 * `GET /api/sync` of a connection: every report's checkpoint, progress, counters, last success and error, the windows
 * whose rows did not add up, and whether the exchange is holding our requests back (a 429's wait or a 418 ban) — what
 * the sync panel says in words. A report reads as running only while a live lease stands behind it: a run that died
 * leaves `running` in its progress, which must not read as work going on.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { latestRefusalStatus } from "../alerts/refusals";
import { now as appNow } from "../clock";
import { getDb } from "../db/client";
import { syncState } from "../db/schema";
import { pooledClient } from "../exchange/client-pool";
import type { ResolvedConnection } from "../exchange/types";
import { dataAsOfIn, syncStates } from "./engine";
import { REPORT_KEYS } from "./reports";
import { syncActivity } from "./scheduler";
import { LOCK_REPORT } from "./state";
import type { ExchangeHold, SyncProgress, SyncStatus } from "./status";

/** Whether some process holds the connection's sync lease now (it renews it after every page). */
async function leaseLive(connectionId: string, at: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ progress: syncState.progress })
    .from(syncState)
    .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, LOCK_REPORT)));
  const expiresAt = (row?.progress as { expiresAt?: number } | null | undefined)?.expiresAt;
  return typeof expiresAt === "number" && expiresAt > at;
}

/** Until when the exchange told this connection's client to stop sending, with the latest refusal's status. */
async function exchangeHold(connection: ResolvedConnection): Promise<ExchangeHold | null> {
  // 0 unless a pause runs past the client's own clock; a budget store that cannot answer says nothing here.
  const until = await pooledClient(connection)
    .client.pausedUntil()
    .catch(() => 0);
  if (until === 0) return null;
  return { until, status: await latestRefusalStatus(connection.id) };
}

/** The status of the request's connection (resolved once, by the route). */
export async function syncStatus(connection: ResolvedConnection): Promise<SyncStatus> {
  const connectionId = connection.id;
  const db = await getDb();
  const at = appNow().getTime();
  const [states, { asOf }, live, hold] = await Promise.all([syncStates(db, connectionId), dataAsOfIn(db, connectionId), leaseLive(connectionId, at), exchangeHold(connection)]);
  const byKey = new Map(states.map((s) => [s.report, s]));
  const activity = syncActivity(connectionId);
  return {
    connectionId,
    running: activity.running,
    exchangeHold: hold,
    dataAsOf: asOf,
    lastRun: activity.last,
    reports: REPORT_KEYS.filter((k) => k !== LOCK_REPORT).map((report) => {
      const s = byKey.get(report);
      const progress = (s?.progress as SyncProgress | null | undefined) ?? null;
      return {
        report,
        coveredFrom: s?.coveredFrom ?? null,
        coveredTo: s?.coveredTo ?? null,
        backfillDone: s?.backfillDone ?? false,
        progress: progress && progress.running && !live ? { ...progress, running: false } : progress,
        lastSuccessAt: s?.lastSuccessAt?.toISOString() ?? null,
        lastErrorAt: s?.lastErrorAt?.toISOString() ?? null,
        lastError: s?.lastError ?? null,
        incomplete: s?.incomplete ?? [],
        rowsAdded: s?.rowsAdded ?? 0,
        rowsChanged: s?.rowsChanged ?? 0,
      };
    }),
  };
}
