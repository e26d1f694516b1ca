/**
 * Planning a sync run: for each report, the windows to read (lib/sync/windows.ts),
 * whether the invited users are due a full re-read, and the progress the UI shows,
 * with its estimate of pages and time left.
 */
import { ENDPOINTS } from "../weex/endpoints";
import type { PagedEndpointId } from "../weex/paging";
import { pageWeight } from "./budget-gate";
import type { RunContext } from "./config";
import { repairWindows } from "./incomplete";
import type { ReportDef } from "./reports";
import type { StateRow } from "./state";
import type { IncompleteWindow, ReportResult, SyncProgress } from "./status";
import { DAY_MS, planWindows, utcDay, windowsBackwards, type SyncWindow } from "./windows";

/** One report within a run: its plan, its state row, and what the run has done with it so far. */
export interface ReportRun {
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
  /** The report's windows whose rows did not add up, as this run leaves them (lib/sync/incomplete.ts). */
  incomplete: IncompleteWindow[];
}

/** When each fullRefresh report was last read in full, per process (a restarted process reads it in full once: it is cheap). */
const FULL_KEY = Symbol.for("rebate-desk.sync-full-reads");
export function lastFullRead(): Map<string, number> {
  const holder = globalThis as { [FULL_KEY]?: Map<string, number> };
  return (holder[FULL_KEY] ??= new Map());
}

export const fullReadKey = (connectionId: string, report: string): string => `${connectionId}|${report}`;

/**
 * The run of one report: its windows (only the recent ones with `recentOnly`; with `verifyFrom`, every day from
 * there to now read again as "repair" windows, which move no checkpoint) and its starting progress.
 */
export function planReport(ctx: RunContext, def: ReportDef, state: StateRow | undefined, recentOnly: boolean, verifyFrom?: number): ReportRun {
  const { startedAt, config } = ctx;
  const lastFull = lastFullRead().get(fullReadKey(ctx.connectionId, def.key)) ?? -Infinity;
  const full = def.fullRefresh === true && (state?.coveredTo == null || startedAt - lastFull >= config.usersRefreshMs);
  const plan = planWindows({
    now: startedAt,
    rule: def.rule,
    trailingDays: config.trailingDays,
    historyDays: Math.max(config.historyDays, def.minHistoryDays ?? 0),
    coveredFrom: state?.coveredFrom ?? null,
    coveredTo: state?.coveredTo ?? null,
    backfillDone: state?.backfillDone ?? false,
    fullRefresh: full,
  });
  const incomplete = state?.incomplete ?? [];
  const windows =
    verifyFrom !== undefined
      ? verifyWindows(def, Math.max(utcDay(verifyFrom), plan.earliest), startedAt)
      : recentOnly
        ? plan.windows.filter((w) => w.phase === "recent")
        : [...plan.windows, ...repairWindows(incomplete)];
  return {
    def,
    full,
    state,
    windows,
    recentFrom: plan.recentFrom,
    earliest: plan.earliest,
    result: { report: def.key, pages: 0, weight: 0, rowsAdded: 0, rowsChanged: 0 },
    pagesPerWindow: [],
    incomplete: [...incomplete],
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
}

/** Every day from `from` (a day start) to `now` as "repair" windows; day-sized reports keep one UTC day per window. */
function verifyWindows(def: ReportDef, from: number, now: number): SyncWindow[] {
  if (def.rule.kind !== "days" || def.rule.days > 1) return windowsBackwards(def.rule, from, now, "repair");
  const out: SyncWindow[] = [];
  for (let day = utcDay(now); day >= from; day -= DAY_MS) out.push({ startTime: day, endTime: Math.min(day + DAY_MS - 1, now), phase: "repair" });
  return out;
}

/** Pages and time left: this window's pages plus the windows left at the average pages per window so far, at the sync's share of the budget. */
export function estimate(ctx: RunContext, run: ReportRun, windowPagesLeft: number): void {
  const p = run.progress;
  const avg = run.pagesPerWindow.length > 0 ? run.pagesPerWindow.reduce((a, b) => a + b, 0) / run.pagesPerWindow.length : 1;
  p.pagesLeft = Math.max(0, Math.round(windowPagesLeft + p.windowsLeft * avg));
  const w = pageWeight(run.def.endpoint as PagedEndpointId);
  const budget = ctx.client.budget;
  const perMs = (Math.min(budget.ipLimit, budget.uidLimit) * ctx.config.budgetShare) / budget.windowMs;
  p.etaMs = Math.round((p.pagesLeft * w) / perMs);
}

/** The paging parameters of a report's endpoint. */
export function pagingOf(run: ReportRun): { pageParam: string; sizeParam: string; size: number; pagesField?: string; totalField?: string } {
  return ENDPOINTS[run.def.endpoint as PagedEndpointId].paging as { pageParam: string; sizeParam: string; size: number; pagesField?: string; totalField?: string };
}
