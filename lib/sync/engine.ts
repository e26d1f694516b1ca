/**
 * The warehouse sync of one connection: reads the affiliate reports through
 * the connection's client (so it shares the weight budget with live calls)
 * and upserts them into the warehouse tables.
 *
 * A run:
 *   1. takes the connection's lease (a row in sync_state, so two processes or
 *      app instances never sync one connection at once; a crashed holder's
 *      lease expires);
 *   2. reads the recent windows of every report (the trailing days, today
 *      first, plus any gap since the last run);
 *   3. then walks each report's history backwards, one window at a time;
 *   4. then the daily closes of the coins in the commission rows (prices/source.ts).
 * Each page's rows and the report's sync_state (progress, counters and, on a
 * window's last page, the checkpoint) are committed in one transaction, so a
 * crash loses or duplicates nothing: the next run reads the unfinished window
 * again (history windows resume at the page they stopped at) and upserts.
 *
 * The pieces: plan.ts (each report's windows and progress), read-page.ts (a
 * window page by page, with retries), commit.ts (a page and its checkpoint in
 * one transaction), state.ts (sync_state rows and the lease), budget-gate.ts
 * (room for live calls before each page).
 */
import type { Db } from "../db/client";
import type { WeexClient } from "../weex/client";
import { abortableSleep } from "../weex/sleep";
import { BudgetGate } from "./budget-gate";
import { syncErrorWords } from "./error-words";
import { DEFAULT_SYNC_CONFIG, type PageEvent, type RunContext, type SyncConfig } from "./config";
import { planReport, type ReportRun } from "./plan";
import { syncPrices } from "./prices/source";
import { PRICES_REPORT } from "./prices/store";
import { readWindow } from "./read-page";
import { REPORTS } from "./reports";
import { logRunEnd, logRunHeartbeat, logRunStart, type SyncRunOutcome } from "./run-log";
import { LeaseLostError, ensureStateRow, loadStates, markInterrupted, recordReportError, recordReportSuccess, releaseLease, takeLease, type StateRow } from "./state";
import type { SyncRunResult } from "./status";
import type { SyncWindow } from "./windows";

export interface SyncRunOptions extends Partial<SyncConfig> {
  db: Db;
  client: WeexClient;
  connectionId: string;
  now?: () => number;
  signal?: AbortSignal;
  /** Only these reports (keys of REPORTS). */
  reports?: string[];
  /** Only the recent phase (no history walk) in this run. */
  recentOnly?: boolean;
  /** Read every report again from this instant to now (`npm run sync -- --verify`), moving no checkpoint. */
  verifyFrom?: number;
  /** Called after each page is committed (tests throw from it to simulate a crash). */
  onPage?: (event: PageEvent) => void | Promise<void>;
  /** Lease owner (default a random id per run). */
  owner?: string;
  /** Time source of waits (default real time). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function configOf(options: SyncRunOptions): SyncConfig {
  const config: SyncConfig = { ...DEFAULT_SYNC_CONFIG };
  for (const key of Object.keys(config) as Array<keyof SyncConfig>) {
    const v = options[key];
    if (v !== undefined) config[key] = v;
  }
  return config;
}

/** Reads the run's windows of one phase of one report. */
async function runPhase(ctx: RunContext, run: ReportRun, phase: SyncWindow["phase"]): Promise<void> {
  const windows = run.windows.filter((w) => w.phase === phase);
  if (windows.length === 0) return;
  run.state ??= await ensureStateRow(ctx.db, ctx.connectionId, run.def.key);
  for (const [wi, window] of windows.entries()) await readWindow(ctx, run, window, wi === windows.length - 1);
}

/** One run over the connection's reports. Throws only when aborted. */
export async function syncConnection(options: SyncRunOptions): Promise<SyncRunResult> {
  const config = configOf(options);
  const { db, connectionId, signal } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const owner = options.owner ?? `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const startedAt = now();
  const result: SyncRunResult = { connectionId, ran: false, startedAt, finishedAt: startedAt, pages: 0, weight: 0, rowsAdded: 0, rowsChanged: 0, reports: [], waitedMs: 0 };

  if (!(await takeLease(db, connectionId, owner, config.leaseMs, now()))) {
    result.finishedAt = now();
    return result;
  }
  result.ran = true;
  const runId = await logRunStart(db, connectionId, owner);
  let outcome: SyncRunOutcome = "interrupted";
  const gate = new BudgetGate(options.client, config.budgetShare, sleep);
  const onLeaseRenewed = () => logRunHeartbeat(db, runId);
  const ctx: RunContext = { db, client: options.client, connectionId, config, owner, gate, startedAt, signal, sleep, result, onPage: options.onPage, now, onLeaseRenewed };
  try {
    const states = await loadStates(db, connectionId);
    const defs = REPORTS.filter((r) => !options.reports || options.reports.includes(r.key));
    const runs = defs.map((def) => planReport(ctx, def, states.get(def.key), options.recentOnly === true, options.verifyFrom));
    result.reports.push(...runs.map((r) => r.result));

    // Recent windows of every report first, then each report's history.
    // Recorded windows whose rows did not add up are read again last (lib/sync/incomplete.ts).
    for (const phase of ["recent", "history", "repair"] as const) {
      for (const run of runs) {
        if (run.result.error) continue;
        try {
          await runPhase(ctx, run, phase);
        } catch (error) {
          if (signal?.aborted || error instanceof LeaseLostError) {
            // Interrupted: keep the progress (and the history cursor), marked as not running.
            for (const r of runs) if (r.progress.pagesDone > 0) await markInterrupted(db, connectionId, r.def.key).catch(() => {});
            throw error;
          }
          run.result.error = syncErrorWords(error);
          await recordReportError(db, connectionId, run.def.key, run.result.error, new Date(now()), run.progress);
        }
      }
    }
    for (const run of runs) if (!run.result.error) await recordReportSuccess(db, connectionId, run.def.key, new Date(now()));
    // Daily closes after the reports (they follow the coins of the commission rows). Their failure,
    // "not available" included, is recorded on their own state rows and never fails the run.
    if ((!options.reports || options.reports.includes(PRICES_REPORT)) && options.verifyFrom === undefined) result.reports.push(await syncPrices(ctx, options.recentOnly === true));
    outcome = runs.some((r) => r.result.error) ? "failed" : "done";
  } finally {
    // The log's end before the lease goes: the next holder's start is always after it.
    await logRunEnd(db, runId, outcome, result).catch(() => {});
    await releaseLease(db, connectionId, owner).catch(() => {});
    result.waitedMs = gate.waitedMs;
    result.finishedAt = now();
  }
  return result;
}

/** Where each report of a connection stands (what the status API and the UI show). */
export async function syncStates(db: Db, connectionId: string): Promise<StateRow[]> {
  const rows = await loadStates(db, connectionId);
  return REPORTS.map((r) => rows.get(r.key)).filter((r): r is StateRow => r !== undefined);
}

/**
 * "Data as of": the oldest `coveredTo` among the connection's reports (null
 * until every report has finished its first recent pass), and per report.
 */
export async function dataAsOfIn(db: Db, connectionId: string): Promise<{ asOf: number | null; reports: Record<string, number | null> }> {
  const rows = await loadStates(db, connectionId);
  const reports: Record<string, number | null> = {};
  let asOf: number | null = Infinity;
  for (const def of REPORTS) {
    const coveredTo = rows.get(def.key)?.coveredTo ?? null;
    reports[def.key] = coveredTo;
    asOf = coveredTo === null || asOf === null ? null : Math.min(asOf, coveredTo);
  }
  return { asOf: asOf === Infinity ? null : asOf, reports };
}
