/**
 * Which whole UTC days the warehouse holds for a set of sync sources, for
 * comparisons of complete periods only: a day counts when every source has
 * read it to its end (coveredTo past its last instant), never a half day.
 */
import "server-only";
import type { Db } from "../db/client";
import { DAY_MS, heldDays, isoDay, utcDayOf } from "../reports/coverage";
import { commissionSources, subAffiliateSources, TRADE_ASSETS } from "../reports/sync-sources";
import { syncReportLabel } from "../sync/report-labels";
import { loadStates } from "../sync/state";

// The sync_state keys, named once in lib/reports/sync-sources.ts: every product of each.
export const COMMISSION_SOURCES = commissionSources();
export const SUB_AFFILIATE_SOURCES = subAffiliateSources();
export const TRADE_ASSET_SOURCES = [TRADE_ASSETS];

export interface HeldSpan {
  /** First whole UTC day every source holds (ms). */
  first: number;
  /** Last UTC day every source holds to its end (ms, its start). */
  lastComplete: number;
  /** The oldest "as of" of the sources. */
  asOf: number;
}

/** The whole days held, or a sentence saying why there are none. */
export async function heldSpan(db: Db, connectionId: string, keys: readonly string[]): Promise<HeldSpan | { missing: string }> {
  const states = await loadStates(db, connectionId);
  const sources = keys.map((key) => {
    const s = states.get(key);
    return { key, label: syncReportLabel(key), coveredFrom: s?.coveredFrom ?? null, coveredTo: s?.coveredTo ?? null, backfillDone: s?.backfillDone ?? false };
  });
  const unsynced = sources.filter((s) => s.coveredTo === null || s.coveredFrom === null);
  if (unsynced.length > 0) return { missing: `${unsynced.map((s) => s.label).join(", ")} not synced yet` };
  const held = heldDays(sources);
  const asOf = Math.min(...sources.map((s) => s.coveredTo as number));
  // The day holding asOf is read only up to asOf: the day before it is the last whole one.
  const lastComplete = utcDayOf(asOf + 1) - DAY_MS;
  if (!held || lastComplete < held.first) return { missing: "no whole day synced yet" };
  return { first: held.first, lastComplete, asOf };
}

export function isHeldSpan(h: HeldSpan | { missing: string }): h is HeldSpan {
  return !("missing" in h);
}

export interface ComparedPeriods {
  current: { start: number; end: number; label: string };
  previous: { start: number; end: number; label: string };
}

const label = (start: number, end: number) => (start === end ? isoDay(start) : `${isoDay(start)} → ${isoDay(end)}`);

/** Compared periods: the last whole UTC day, Monday-to-Sunday week or calendar month against the one before it. */
export type AlertPeriod = "day" | "week" | "month";

/** The first and last day (ms) of the last whole `period` ending on or before `lastComplete`, and of the one before. */
function periodBounds(lastComplete: number, period: AlertPeriod): { current: [number, number]; previous: [number, number] } {
  if (period === "month") {
    // Calendar months, as the "Last month" preset compares them: unequal lengths, like with like all the same.
    const d = new Date(lastComplete);
    const endsMonth = new Date(lastComplete + DAY_MS).getUTCDate() === 1;
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() - (endsMonth ? 0 : 1);
    const currentStart = Date.UTC(year, month, 1);
    return {
      current: [currentStart, Date.UTC(year, month + 1, 1) - DAY_MS],
      previous: [Date.UTC(year, month - 1, 1), currentStart - DAY_MS],
    };
  }
  let currentEnd = lastComplete;
  const days = period === "week" ? 7 : 1;
  // The last Sunday on or before the last whole day (weeks start on Monday, as the reports' buckets do).
  if (period === "week") currentEnd -= new Date(currentEnd).getUTCDay() * DAY_MS;
  const currentStart = currentEnd - (days - 1) * DAY_MS;
  const previousEnd = currentStart - DAY_MS;
  return { current: [currentStart, currentEnd], previous: [previousEnd - (days - 1) * DAY_MS, previousEnd] };
}

/**
 * The last complete day, Monday-to-Sunday week or calendar month the warehouse holds and the one before it; a
 * sentence instead when the previous one is not held whole.
 */
export function lastTwoPeriods(span: HeldSpan, period: AlertPeriod): ComparedPeriods | { missing: string } {
  const { current, previous } = periodBounds(span.lastComplete, period);
  if (previous[0] < span.first) {
    return { missing: `the warehouse does not hold ${label(previous[0], previous[1])} whole (history from ${isoDay(span.first)}), so no ${period} is compared` };
  }
  return {
    current: { start: current[0], end: current[1], label: label(current[0], current[1]) },
    previous: { start: previous[0], end: previous[1], label: label(previous[0], previous[1]) },
  };
}
