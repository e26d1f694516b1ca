/**
 * What the warehouse sync reports, typed once for both sides: the engine and
 * the scheduler (server) build these, the Overview's sync panel (browser)
 * reads them from `GET /api/sync`, with the one sentence that says a hold. Browser-safe.
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

/**
 * A window read to its last page whose rows did not add up to the exchange's own count (`total`), twice: its rows are
 * kept, but its UTC days are not held (coverage shows them partial) until a later read of them agrees.
 */
export interface IncompleteWindow {
  startTime: number;
  endTime: number;
  /** Rows the pages held, and the count the last page stated (null when it stated none a count can be). */
  read: number;
  total: number | null;
  /** When the second read disagreed (ms). */
  at: number;
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
  /** Windows whose rows did not add up (their days are not held). */
  incomplete: IncompleteWindow[];
  rowsAdded: number;
  rowsChanged: number;
}

/** The exchange told this connection's client to stop sending (a 429's Retry-After, or a 418 ban) until `until`. */
export interface ExchangeHold {
  until: number;
  /** The status of the latest refusal recorded (418: a ban; 429: slow down), null when none is kept. */
  status: number | null;
}

/** The hold in one sentence, for the sync panel (and anything else that reports it). */
export function exchangeHoldWords(hold: ExchangeHold, at: (ms: number) => string): string {
  if (hold.status === 418) return `The exchange banned this address until ${at(hold.until)} (HTTP 418, after too many requests); nothing is sent to it before then.`;
  return `The exchange asked us to slow down (HTTP ${hold.status ?? 429}); nothing is sent to it before ${at(hold.until)}.`;
}

/** `GET /api/sync`: every report of the request's connection, and "data as of" (the oldest coveredTo). */
export interface SyncStatus {
  connectionId: string;
  running: boolean;
  /** Null unless the exchange is holding this connection's requests back right now. */
  exchangeHold: ExchangeHold | null;
  dataAsOf: number | null;
  lastRun: SyncRunResult | { error: string; at: number } | null;
  reports: SyncReportStatus[];
}
