/** A sync run's settings, and what every piece of a run (plan, read page, commit) shares. */
import type { Db } from "../db/client";
import type { WeexClient } from "../weex/client";
import type { Sleep } from "../weex/sleep";
import type { BudgetGate } from "./budget-gate";
import type { RowCounts } from "./reports";
import type { SyncRunResult } from "./status";
import type { SyncWindow } from "./windows";

export interface SyncConfig {
  /** Days re-read on every run so restated days are corrected (default 3). */
  trailingDays: number;
  /** How far back the history goes (default 365 days, the exchange's limit for two of the reports). */
  historyDays: number;
  /** Share of the weight budget the sync may use while live calls are seen (default 0.8). */
  budgetShare: number;
  /** Invited users are read again in full at most this often (their milestones change; default 15 min). */
  usersRefreshMs: number;
  /** Lease of a run (renewed on every page; default 2 min). */
  leaseMs: number;
  /** Attempts of one page before the report gives up for this run (default 6). */
  pageAttempts: number;
}

export const DEFAULT_SYNC_CONFIG: SyncConfig = {
  trailingDays: 3,
  // A year and a month: the last 7 or 30 days and month to date compared with the same days a year earlier need up to
  // 396 days held (the sandbox's world is 400 days long); 365 left every "vs a year ago" blank on a fresh install.
  historyDays: 400,
  budgetShare: 0.8,
  usersRefreshMs: 15 * 60_000,
  leaseMs: 120_000,
  pageAttempts: 6,
};

export interface PageEvent {
  report: string;
  window: SyncWindow;
  page: number;
  items: number;
  counts: RowCounts;
  /** Pages read in this run, all reports. */
  pagesRead: number;
}

/** One run over one connection: its settings, lease owner, budget gate, time source and running totals. */
export interface RunContext {
  db: Db;
  client: WeexClient;
  connectionId: string;
  config: SyncConfig;
  owner: string;
  gate: BudgetGate;
  /** The run's start: what a finished recent phase covers up to. */
  startedAt: number;
  signal: AbortSignal | undefined;
  sleep: Sleep;
  result: SyncRunResult;
  onPage: ((event: PageEvent) => void | Promise<void>) | undefined;
  /** The run's clock (lease expiry, windows). */
  now: () => number;
  /** After each lease renewal (the run log's heartbeat). */
  onLeaseRenewed?: () => Promise<void>;
}
