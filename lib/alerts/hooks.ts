/**
 * When rules are evaluated: after every sync run (every kind when the run
 * changed rows, the sync-health kind always — a failed run changes none), and
 * the sync-health kind on a timer (ALERT_HEALTH_INTERVAL_MS, default a minute),
 * since stale data and a stopped sync produce no run to hook. Every instance
 * may evaluate: the event's unique key fires each condition once.
 */
import "server-only";
import { envWholeMs, type Env } from "../config/env-number";
import { getDb } from "../db/client";
import { listConnections } from "../exchange/connections";
import type { SyncRunResult } from "../sync/status";
import { evaluateConnection } from "./evaluate";

function logFailure(where: string, error: unknown): void {
  console.error(`[alerts] ${where}: ${error instanceof Error ? error.message : String(error)}`);
}

/** After a sync run (or its failure: result null); never fails the run. */
export async function evaluateAfterSync(connectionId: string, result: Pick<SyncRunResult, "ran" | "rowsAdded" | "rowsChanged"> | null): Promise<void> {
  try {
    const changed = result !== null && result.ran && result.rowsAdded + result.rowsChanged > 0;
    await evaluateConnection(await getDb(), connectionId, changed ? {} : { kinds: ["sync-health"] });
  } catch (error) {
    logFailure(`after the sync of ${connectionId}`, error);
  }
}

const KEY = Symbol.for("rebate-desk.alerts-timer");
interface Holder {
  timer?: ReturnType<typeof setInterval>;
  /** The evaluation in flight, if any: a slow one is not started twice. */
  running?: Promise<void>;
}
const holder = (): Holder => ((globalThis as { [KEY]?: Holder })[KEY] ??= {});

export function alertHealthIntervalMs(env: Env = process.env): number {
  return envWholeMs(env, "ALERT_HEALTH_INTERVAL_MS", 60_000);
}

/** The sync-health timer; idempotent, off with ALERT_HEALTH_INTERVAL_MS=0. */
export function startAlertTimer(): void {
  const h = holder();
  if (h.timer) return;
  const intervalMs = alertHealthIntervalMs();
  if (intervalMs === 0) return;
  h.timer = setInterval(() => {
    h.running ??= (async () => {
      try {
        const db = await getDb();
        for (const c of await listConnections()) await evaluateConnection(db, c.id, { kinds: ["sync-health"] });
      } catch (error) {
        logFailure("sync-health timer", error);
      }
    })().finally(() => (h.running = undefined));
  }, intervalMs);
  h.timer.unref();
}

/** SIGTERM (lib/app-shutdown.ts): no further evaluation; the one in flight finishes before the database closes. */
export async function stopAlertTimer(): Promise<void> {
  const h = holder();
  clearInterval(h.timer);
  h.timer = undefined;
  await h.running;
}
