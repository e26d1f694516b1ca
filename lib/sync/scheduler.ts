/**
 * The sync inside the app: a schedule (every SYNC_INTERVAL_MS, started at
 * server start), "Sync now" on demand, status and "data as of" per connection.
 * Runs go through the connection's pooled client, so they share its weight
 * budget with live calls. One run per connection at a time in this process
 * (the promise below); across processes the lease row of engine.ts.
 */
import "server-only";
import { evaluateAfterSync } from "../alerts/hooks";
import { now as appNow } from "../clock";
import { envNumber, envWholeMs } from "../config/env-number";
import { getDbHandle, type DbHandle } from "../db/client";
import { upkeepFor } from "../db/upkeep";
import { pooledClient } from "../exchange/client-pool";
import { listConnections, resolveConnection } from "../exchange/connections";
import { DEFAULT_SYNC_CONFIG, type SyncConfig } from "./config";
import { syncConnection } from "./engine";
import type { SyncRunResult } from "./status";
import { syncErrorWords } from "./error-words";

export interface SyncSettings extends SyncConfig {
  /** 0 turns the schedule off. */
  intervalMs: number;
}

export function syncSettings(env: NodeJS.ProcessEnv = process.env): SyncSettings {
  return {
    ...DEFAULT_SYNC_CONFIG,
    intervalMs: envWholeMs(env, "SYNC_INTERVAL_MS", 60_000),
    trailingDays: envNumber(env, "SYNC_TRAILING_DAYS", DEFAULT_SYNC_CONFIG.trailingDays, (n) => Number.isInteger(n) && n >= 1, "a whole number ≥ 1"),
    historyDays: envNumber(env, "SYNC_HISTORY_DAYS", DEFAULT_SYNC_CONFIG.historyDays, (n) => Number.isInteger(n) && n >= 1, "a whole number ≥ 1"),
    budgetShare: envNumber(env, "SYNC_BUDGET_SHARE", DEFAULT_SYNC_CONFIG.budgetShare, (n) => n > 0 && n <= 1, "a number in (0, 1]"),
  };
}

interface Holder {
  running: Map<string, Promise<SyncRunResult>>;
  /** Each running run's abort: a shutdown stops them (lib/shutdown.ts). */
  controllers: Map<string, AbortController>;
  last: Map<string, SyncRunResult | { error: string; at: number }>;
  timer?: ReturnType<typeof setTimeout>;
  /** Set by a shutdown: no run starts after it. */
  stopped?: boolean;
}
const KEY = Symbol.for("rebate-desk.sync");
function holder(): Holder {
  const g = globalThis as { [KEY]?: Holder };
  return (g[KEY] ??= { running: new Map(), controllers: new Map(), last: new Map() });
}

/** Starts a run of the connection now unless one is running; resolves when it ends. */
export function runSync(connectionId: string): Promise<SyncRunResult> {
  const h = holder();
  const existing = h.running.get(connectionId);
  if (existing) return existing;
  if (h.stopped) return Promise.reject(new Error("the app is stopping: no sync starts"));
  const controller = new AbortController();
  h.controllers.set(connectionId, controller);
  const started = (async () => {
    const connection = await resolveConnection(connectionId);
    if (!connection) throw new Error(`no connection ${connectionId}`);
    const { client } = pooledClient(connection);
    const handle = await getDbHandle();
    // The app clock: what tests running several instances move past a killed holder's lease.
    const result = await syncConnection({ ...syncSettings(), db: handle.db, client, connectionId, now: () => appNow().getTime(), signal: controller.signal });
    await upkeepAfterSync(handle, result);
    // Alert rules read what the run wrote (lib/alerts/hooks.ts: every kind when rows changed, sync health always).
    await evaluateAfterSync(connectionId, result);
    return result;
  })();
  const tracked = started
    .then((result) => {
      h.last.set(connectionId, result);
      return result;
    })
    .catch(async (error: unknown) => {
      h.last.set(connectionId, { error: syncErrorWords(error), at: Date.now() });
      // A run stopped by a shutdown did not fail: no sync-health rule judges it.
      if (!h.stopped) await evaluateAfterSync(connectionId, null);
      throw error;
    })
    .finally(() => {
      h.running.delete(connectionId);
      h.controllers.delete(connectionId);
    });
  h.running.set(connectionId, tracked);
  return tracked;
}

/**
 * Stops the sync for a shutdown: no new run, the schedule off, every running run aborted — it abandons its page in
 * flight, closes its run as interrupted and releases its lease (lib/sync/engine.ts), so a restart resumes at once.
 */
export async function stopSyncScheduler(): Promise<void> {
  const h = holder();
  h.stopped = true;
  if (h.timer) clearTimeout(h.timer);
  h.timer = undefined;
  for (const controller of h.controllers.values()) controller.abort(new Error("the app is stopping"));
  await Promise.allSettled([...h.running.values()]);
}

/** After a stop, the schedule may start again (tests that stop and restart in one process). */
export function resumeSyncAfterStop(): void {
  holder().stopped = false;
}

/** The embedded database's VACUUM (ANALYZE) after runs that wrote enough rows (lib/db/upkeep.ts); never fails the run. */
export async function upkeepAfterSync(handle: Pick<DbHandle, "db" | "driver">, result: Pick<SyncRunResult, "rowsAdded" | "rowsChanged">): Promise<void> {
  try {
    await upkeepFor(handle).afterWrites(result.rowsAdded + result.rowsChanged);
  } catch (error) {
    console.error(`[db] upkeep after sync failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** "Sync now": starts a run in the background; false when one is already running. */
export function startSync(connectionId: string): { started: boolean } {
  const already = holder().running.has(connectionId);
  runSync(connectionId).catch((error: unknown) => console.error(`[sync] ${connectionId}: ${error instanceof Error ? error.message : String(error)}`));
  return { started: !already };
}

/** What this process knows of a connection's runs: whether one is running here, and how the last one ended. */
export function syncActivity(connectionId: string): { running: boolean; last: SyncRunResult | { error: string; at: number } | null } {
  const h = holder();
  return { running: h.running.has(connectionId), last: h.last.get(connectionId) ?? null };
}

/** The schedule: every SYNC_INTERVAL_MS, one run per connection (skipped while one is running). Idempotent. */
export function startSyncScheduler(): void {
  const h = holder();
  if (h.timer) return;
  const { intervalMs } = syncSettings();
  if (intervalMs === 0) {
    console.log("[sync] schedule off (SYNC_INTERVAL_MS=0)");
    return;
  }
  const tick = async () => {
    try {
      for (const c of await listConnections()) if (!h.running.has(c.id)) startSync(c.id);
    } catch (error) {
      console.error(`[sync] schedule: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // Each wait is jittered (±25 %): instances started together, or whose runs last a whole number of
  // intervals, would otherwise tick in lockstep and one of them would win every free lease.
  const next = () => {
    h.timer = setTimeout(() => void tick().finally(next), intervalMs * (0.75 + Math.random() * 0.5));
    h.timer.unref();
  };
  next();
  setTimeout(() => void tick(), 1_000).unref();
  console.log(`[sync] warehouse sync every ${Math.round(intervalMs / 1000)} s`);
}
