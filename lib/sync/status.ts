/**
 * What the warehouse sync reports, typed once for both sides: the engine and
 * the scheduler (server) build these, the Overview's sync panel (browser)
 * reads them from `GET /api/sync`. Types only: browser-safe.
 */
import type { SyncWindow } from "./windows";

/** A report's progress while a run reads it (stored in its sync_state row). */
export interface SyncProgress {
  running: boolean;
  phase: SyncWindow["phase"];
  window: { startTime: number; endTime: number };
  windowsDone: number;
  windowsLeft: number;
  pagesDone: number;
  pagesLeft: number;
  weightUsed: number;
  rowsAdded: number;
  rowsChanged: number;
  etaMs: number;
  startedAt: number;
  /** Where an interrupted history window resumes. */
  cursor?: { startTime: number; endTime: number; page: number };
}

export interface ReportResult {
  report: string;
  pages: number;
  weight: number;
  rowsAdded: number;
  rowsChanged: number;
  error?: string;
}

export interface SyncRunResult {
  connectionId: string;
  /** False when another process holds the connection's lease: nothing was read. */
  ran: boolean;
  startedAt: number;
  finishedAt: number;
  pages: number;
  weight: number;
  rowsAdded: number;
  rowsChanged: number;
  reports: ReportResult[];
  /** Waits for budget room, in ms (the price of leaving room for live calls). */
  waitedMs: number;
}

/** One report in `GET /api/sync`: checkpoint, progress, counters, last success and error. */
export interface SyncReportStatus {
  report: string;
  coveredFrom: number | null;
  coveredTo: number | null;
  backfillDone: boolean;
  progress: SyncProgress | null;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  rowsAdded: number;
  rowsChanged: number;
}

/** `GET /api/sync`: every report of the request's connection, and "data as of" (the oldest coveredTo). */
export interface SyncStatus {
  connectionId: string;
  running: boolean;
  dataAsOf: number | null;
  lastRun: SyncRunResult | { error: string; at: number } | null;
  reports: SyncReportStatus[];
}
