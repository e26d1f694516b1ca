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
 *   3. then walks each report's history backwards, one window at a time.
 * Each page's rows and the report's sync_state (progress, counters and, on a
 * window's last page, the checkpoint) are committed in one transaction, so a
 * crash loses or duplicates nothing: the next run reads the unfinished window
 * again (history windows resume at the page they stopped at) and upserts.
 *
 * Budget: pages are read one at a time per connection, and before each page
 * the sync waits until the window has room for it *plus a reserve* for live
 * calls: a small reserve (one heavy request) while the sync is alone, and
 * (1 − budgetShare) of the budget as soon as other calls used weight in the
 * current window or wait in the budget's queue. So the sync never queues
 * behind or ahead of live calls, and never takes more than its share while
 * people are using the app.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { syncState } from "../db/schema";
import type { WeexClient } from "../weex/client";
import { ENDPOINTS } from "../weex/endpoints";
import { isWeexError } from "../weex/errors";
import { paginate, type PagedEndpointId } from "../weex/paging";
import { REPORTS, type ReportDef, type RowCounts } from "./reports";
import { planWindows, type SyncWindow } from "./windows";

export const LOCK_REPORT = "__lock__";

/** Another process took the connection's lease (this run stalled past it): the run stops. */
export class LeaseLostError extends Error {
  constructor() {
    super("the connection's sync lease was taken over (this run stalled longer than the lease)");
    this.name = "LeaseLostError";
  }
}

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
  historyDays: 365,
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
  /** Called after each page is committed (tests throw from it to simulate a crash). */
  onPage?: (event: PageEvent) => void | Promise<void>;
  /** Lease owner (default a random id per run). */
  owner?: string;
  /** Time source of waits (default real time). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
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

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

function pageWeight(id: PagedEndpointId): number {
  const w = ENDPOINTS[id].weight as { ip: number; uid?: number };
  return Math.max(w.ip, w.uid ?? 0);
}

/** Decides when the sync may send its next page (see the module comment). */
export class BudgetGate {
  private readonly mine: Array<{ at: number; weight: number }> = [];
  waitedMs = 0;

  constructor(
    private readonly client: WeexClient,
    private readonly share: number,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ) {}

  async wait(weight: number, signal?: AbortSignal): Promise<void> {
    const budget = this.client.budget;
    const poll = Math.max(5, Math.round(budget.windowMs / 200));
    for (;;) {
      const used = await this.client.weightUsed();
      const now = Date.now();
      while (this.mine.length > 0 && (this.mine[0]?.at ?? 0) + used.windowMs <= now) this.mine.shift();
      const mine = this.mine.reduce((s, e) => s + e.weight, 0);
      const limit = Math.min(used.ipLimit, used.uidLimit);
      const inUse = Math.max(used.ip, used.uid);
      const live = budget.queued > 0 || inUse - mine > 0;
      const reserve = live ? Math.ceil(limit * (1 - this.share)) : Math.min(weight, Math.floor(limit / 10));
      if (budget.queued === 0 && inUse + weight <= limit - reserve) return;
      const started = Date.now();
      await this.sleep(poll, signal);
      this.waitedMs += Date.now() - started;
    }
  }

  /** After a page came back: the weight the sync itself spent. */
  spent(weight: number): void {
    this.mine.push({ at: Date.now(), weight });
  }
}

type StateRow = typeof syncState.$inferSelect;

/** When each fullRefresh report was last read in full, per process (a restarted process reads it in full once: it is cheap). */
const FULL_KEY = Symbol.for("rebate-desk.sync-full-reads");
function lastFullRead(): Map<string, number> {
  const holder = globalThis as { [FULL_KEY]?: Map<string, number> };
  return (holder[FULL_KEY] ??= new Map());
}

async function loadStates(db: Db, connectionId: string): Promise<Map<string, StateRow>> {
  const rows = await db.select().from(syncState).where(and(eq(syncState.connectionId, connectionId), ne(syncState.report, LOCK_REPORT)));
  return new Map(rows.map((r) => [r.report, r]));
}

/** Takes or renews the connection's lease; false when another owner holds an unexpired one. */
export async function takeLease(db: Db, connectionId: string, owner: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
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

function errorText(error: unknown): string {
  if (isWeexError(error)) return `${error.kind}${error.code !== undefined ? ` ${error.code}` : ""}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Errors worth another attempt of the same page (the client's own retries are spent). */
function transient(error: unknown): boolean {
  if (!(isWeexError(error))) return error instanceof TypeError; // fetch failures
  return error.kind === "rate-limited" || error.kind === "network" || error.kind === "budget-queue-full" || (error.status !== undefined && error.status >= 500);
}

interface ReportRun {
  def: ReportDef;
  /** This run reads the whole history again as "recent". */
  full: boolean;
  state: StateRow | undefined;
  windows: SyncWindow[];
  recentFrom: number;
  earliest: number;
  result: ReportResult;
  progress: SyncProgress;
  pagesPerWindow: number[];
}

/** One run over the connection's reports. Throws only when aborted. */
export async function syncConnection(options: SyncRunOptions): Promise<SyncRunResult> {
  const config: SyncConfig = { ...DEFAULT_SYNC_CONFIG };
  for (const key of Object.keys(config) as Array<keyof SyncConfig>) {
    const v = options[key];
    if (v !== undefined) config[key] = v;
  }
  const { db, client, connectionId, signal } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const owner = options.owner ?? `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const startedAt = now();
  const result: SyncRunResult = { connectionId, ran: false, startedAt, finishedAt: startedAt, pages: 0, weight: 0, rowsAdded: 0, rowsChanged: 0, reports: [], waitedMs: 0 };

  if (!(await takeLease(db, connectionId, owner, config.leaseMs))) {
    result.finishedAt = now();
    return result;
  }
  result.ran = true;
  const gate = new BudgetGate(client, config.budgetShare, sleep);
  try {
    const states = await loadStates(db, connectionId);
    const defs = REPORTS.filter((r) => !options.reports || options.reports.includes(r.key));
    const runs: ReportRun[] = defs.map((def) => {
      const state = states.get(def.key);
      const lastFull = lastFullRead().get(`${connectionId}|${def.key}`) ?? -Infinity;
      const full = def.fullRefresh === true && (state?.coveredTo == null || startedAt - lastFull >= config.usersRefreshMs);
      const plan = planWindows({
        now: startedAt,
        rule: def.rule,
        trailingDays: config.trailingDays,
        historyDays: config.historyDays,
        coveredFrom: state?.coveredFrom ?? null,
        coveredTo: state?.coveredTo ?? null,
        backfillDone: state?.backfillDone ?? false,
        fullRefresh: full,
      });
      const windows = options.recentOnly ? plan.windows.filter((w) => w.phase === "recent") : plan.windows;
      const report: ReportResult = { report: def.key, pages: 0, weight: 0, rowsAdded: 0, rowsChanged: 0 };
      result.reports.push(report);
      return {
        def,
        full,
        state,
        windows,
        recentFrom: plan.recentFrom,
        earliest: plan.earliest,
        result: report,
        pagesPerWindow: [],
        progress: {
          running: true,
          phase: windows[0]?.phase ?? "recent",
          window: windows[0] ?? { startTime: startedAt, endTime: startedAt },
          windowsDone: 0,
          windowsLeft: windows.length,
          pagesDone: 0,
          pagesLeft: windows.length,
          weightUsed: 0,
          rowsAdded: 0,
          rowsChanged: 0,
          etaMs: 0,
          startedAt,
        },
      };
    });

    // Recent windows of every report first, then each report's history.
    for (const phase of ["recent", "history"] as const) {
      for (const run of runs) {
        if (run.result.error) continue;
        try {
          await runPhase(run, phase);
        } catch (error) {
          if (signal?.aborted || error instanceof LeaseLostError) {
            // Interrupted: keep the progress (and the history cursor), marked as not running.
            for (const r of runs) {
              if (r.progress.pagesDone === 0) continue;
              await db
                .update(syncState)
                .set({ progress: sql`jsonb_set(${syncState.progress}, '{running}', 'false')` })
                .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, r.def.key), sql`${syncState.progress} is not null`))
                .catch(() => {});
            }
            throw error;
          }
          run.result.error = errorText(error);
          await db
            .update(syncState)
            .set({ lastError: run.result.error, lastErrorAt: new Date(now()), progress: { ...run.progress, running: false }, updatedAt: sql`now()` })
            .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, run.def.key)));
        }
      }
    }
    for (const run of runs) {
      if (run.result.error) continue;
      await db
        .update(syncState)
        .set({ progress: null, lastSuccessAt: new Date(now()), lastError: null, updatedAt: sql`now()` })
        .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, run.def.key)));
    }
  } finally {
    await releaseLease(db, connectionId, owner).catch(() => {});
    result.waitedMs = gate.waitedMs;
    result.finishedAt = now();
  }
  return result;

  async function ensureState(run: ReportRun): Promise<void> {
    if (run.state) return;
    await db.insert(syncState).values({ connectionId, report: run.def.key }).onConflictDoNothing();
    run.state = (await loadStates(db, connectionId)).get(run.def.key);
  }

  function estimate(run: ReportRun, windowPagesLeft: number): void {
    const p = run.progress;
    const avg = run.pagesPerWindow.length > 0 ? run.pagesPerWindow.reduce((a, b) => a + b, 0) / run.pagesPerWindow.length : 1;
    p.pagesLeft = Math.max(0, Math.round(windowPagesLeft + p.windowsLeft * avg));
    const w = pageWeight(run.def.endpoint as PagedEndpointId);
    const perMs = (Math.min(client.budget.ipLimit, client.budget.uidLimit) * config.budgetShare) / client.budget.windowMs;
    p.etaMs = Math.round((p.pagesLeft * w) / perMs);
  }

  async function runPhase(run: ReportRun, phase: SyncWindow["phase"]): Promise<void> {
    const windows = run.windows.filter((w) => w.phase === phase);
    if (windows.length === 0) return;
    await ensureState(run);
    const id = run.def.endpoint as PagedEndpointId;
    const weight = pageWeight(id);
    const paging = ENDPOINTS[id].paging as { pageParam: string; sizeParam: string; size: number; pagesField?: string };
    for (const [wi, window] of windows.entries()) {
      const lastOfPhase = wi === windows.length - 1;
      const p = run.progress;
      p.phase = window.phase;
      p.window = { startTime: window.startTime, endTime: window.endTime };
      p.windowsLeft -= 1;
      const cursor = (run.state?.progress as SyncProgress | null | undefined)?.cursor;
      const firstPage =
        window.phase === "history" && cursor && cursor.startTime === window.startTime && cursor.endTime === window.endTime ? cursor.page : 1;
      let pagesInWindow = 0;
      let checkpointed = false;
      let page = firstPage;
      let attempts = 0;
      // Re-entered after a transient failure: the window continues at the page that failed.
      for (;;) {
        try {
          await gate.wait(weight, signal);
          const params = { ...run.def.params, startTime: window.startTime, endTime: window.endTime, [paging.pageParam]: page };
          for await (const got of paginate(client, id, params as never, signal ? { signal } : {})) {
            gate.spent(weight);
            attempts = 0;
            const items = got.items as never[];
            const pages = paging.pagesField ? Number((got.response as Record<string, unknown>)[paging.pagesField] ?? 0) : 0;
            const last = items.length === 0 || items.length < paging.size || (paging.pagesField !== undefined && page >= pages);
            pagesInWindow++;
            run.result.pages++;
            run.result.weight += weight;
            result.pages++;
            result.weight += weight;
            p.pagesDone++;
            p.weightUsed += weight;
            if (last) {
              p.windowsDone++;
              run.pagesPerWindow.push(pagesInWindow);
            }
            estimate(run, last ? 0 : Math.max(0, pages - page));
            const nextPage = page + 1;
            const counts = await db.transaction(async (tx) => {
              const c = await run.def.upsert(tx, connectionId, items, window);
              const set: Record<string, unknown> = {
                rowsAdded: sql`${syncState.rowsAdded} + ${c.added}`,
                rowsChanged: sql`${syncState.rowsChanged} + ${c.changed}`,
                updatedAt: sql`now()`,
              };
              if (window.phase === "history" && !last) p.cursor = { startTime: window.startTime, endTime: window.endTime, page: nextPage };
              else delete p.cursor;
              const progress: SyncProgress = { ...p, rowsAdded: p.rowsAdded + c.added, rowsChanged: p.rowsChanged + c.changed };
              if (last && window.phase === "history") {
                // The window is done: everything from its start on is covered.
                set.coveredFrom = window.startTime;
                if (window.startTime <= run.earliest) set.backfillDone = true;
              }
              if (last && lastOfPhase && window.phase === "recent") {
                set.coveredTo = startedAt;
                const from = run.state?.coveredFrom;
                set.coveredFrom = from == null ? run.recentFrom : Math.min(from, run.recentFrom);
                if (run.recentFrom <= run.earliest) set.backfillDone = true;
              }
              set.progress = progress;
              await tx
                .update(syncState)
                .set(set as never)
                .where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, run.def.key)));
              return c;
            });
            if (last) checkpointed = true;
            if (last && lastOfPhase && window.phase === "recent" && run.full) lastFullRead().set(`${connectionId}|${run.def.key}`, startedAt);
            run.result.rowsAdded += counts.added;
            run.result.rowsChanged += counts.changed;
            result.rowsAdded += counts.added;
            result.rowsChanged += counts.changed;
            p.rowsAdded += counts.added;
            p.rowsChanged += counts.changed;
            await options.onPage?.({ report: run.def.key, window, page, items: items.length, counts, pagesRead: result.pages });
            page = nextPage;
            if (last) break;
            if (!(await takeLease(db, connectionId, owner, config.leaseMs))) throw new LeaseLostError();
            await gate.wait(weight, signal);
          }
          break;
        } catch (error) {
          if (signal?.aborted || !transient(error) || ++attempts >= config.pageAttempts) throw error;
          await sleep(Math.min(5_000, 250 * 2 ** attempts), signal);
        }
      }
      if (!checkpointed) throw new Error(`${run.def.key}: paging of ${new Date(window.startTime).toISOString()} ended without a last page`);
      if (run.state) run.state = { ...run.state, progress: null };
    }
  }
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
