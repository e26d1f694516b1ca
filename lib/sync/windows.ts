/**
 * Window planning of the warehouse sync (pure): which [startTime, endTime]
 * windows a run reads, newest first.
 *
 * - "recent": the trailing days (re-read on every run, so restated days are
 *   corrected) and any gap back to what the previous run covered: on the first
 *   run one UTC day per window, today first (the dashboard has today after
 *   the first page); later in windows as long as the endpoint allows.
 * - "history": from what is covered backwards to the oldest day the exchange
 *   serves (`historyDays`), one endpoint-sized window at a time; each window's
 *   last page commits `coveredFrom = window.startTime`.
 */
import { maxEndFor, withinRange, type RangeRule } from "../weex/time-range";

export const DAY_MS = 86_400_000;

export interface SyncWindow {
  startTime: number;
  endTime: number;
  /** "repair": a window recorded incomplete (its rows did not add up), read again; it moves no checkpoint. */
  phase: "recent" | "history" | "repair";
}

export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The earliest start of a window ending just before `endExclusive` that `rule` allows. */
export function windowStartBefore(rule: RangeRule, endExclusive: number): number {
  let start: number;
  if (rule.kind === "days") start = endExclusive - rule.days * DAY_MS;
  else {
    const d = new Date(endExclusive);
    start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - rule.months, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  }
  // Month arithmetic clamps; never hand out a window the endpoint refuses.
  while (!withinRange(rule, start, endExclusive - 1)) start += DAY_MS;
  return start;
}

/** Windows covering [from, toInclusive], newest first, each within `rule`. */
export function windowsBackwards(rule: RangeRule, from: number, toInclusive: number, phase: SyncWindow["phase"]): SyncWindow[] {
  const out: SyncWindow[] = [];
  let end = toInclusive + 1;
  while (end > from) {
    const start = Math.max(from, windowStartBefore(rule, end));
    out.push({ startTime: start, endTime: end - 1, phase });
    end = start;
  }
  return out;
}

/**
 * The oldest day a sync reads: `historyDays` UTC days including today, so its
 * start is never more than `historyDays` × 24 h before now (the exchange
 * serves two of the reports at most 365 days back).
 */
export function earliestDay(now: number, historyDays: number): number {
  return utcDay(now) - (Math.max(1, historyDays) - 1) * DAY_MS;
}

export interface PlanInput {
  now: number;
  /** The window rule of the report (endpoint range, else advisory range, else one day). */
  rule: RangeRule;
  /** Days re-read on every run (≥ 1). */
  trailingDays: number;
  /** Days of history read, today included (see earliestDay). */
  historyDays: number;
  coveredFrom: number | null;
  coveredTo: number | null;
  backfillDone: boolean;
  /** Read the whole history again as "recent" (e.g. invited users, whose milestones change). */
  fullRefresh?: boolean;
}

export interface Plan {
  earliest: number;
  /** Start of the recent range; committed as coveredFrom when the recent phase completes (if older than the current one). */
  recentFrom: number;
  windows: SyncWindow[];
}

export function planWindows(p: PlanInput): Plan {
  const today = utcDay(p.now);
  const earliest = earliestDay(p.now, p.historyDays);
  const trailingFrom = Math.max(earliest, today - (Math.max(1, p.trailingDays) - 1) * DAY_MS);
  const lastCovered = p.coveredTo === null ? trailingFrom : Math.max(earliest, utcDay(p.coveredTo));
  const recentFrom = p.fullRefresh ? earliest : Math.min(trailingFrom, lastCovered);
  const windows: SyncWindow[] = [];
  if (p.coveredTo === null || (p.rule.kind === "days" && p.rule.days <= 1)) {
    // First run (and day-sized reports): the trailing days one per window, newest first, so the first page holds today.
    for (let day = today; day >= trailingFrom; day -= DAY_MS) {
      windows.push({ startTime: day, endTime: Math.min(day + DAY_MS - 1, p.now), phase: "recent" });
    }
    if (recentFrom < trailingFrom) windows.push(...windowsBackwards(p.rule, recentFrom, trailingFrom - 1, "recent"));
  } else {
    // Later runs: the trailing days (and any gap) in windows as long as allowed: fewest pages.
    windows.push(...windowsBackwards(p.rule, recentFrom, p.now, "recent"));
  }
  const historyTo = Math.min(recentFrom, p.coveredFrom ?? recentFrom);
  const historyDone = p.backfillDone || historyTo <= earliest;
  if (!historyDone) windows.push(...windowsBackwards(p.rule, earliest, historyTo - 1, "history"));
  return { earliest, recentFrom, windows };
}

/** Whether `rule` would accept [start, end] (for tests and assertions). */
export function windowAllowed(rule: RangeRule, start: number, end: number): boolean {
  return end >= start && end <= maxEndFor(rule, start);
}
