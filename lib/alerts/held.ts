/**
 * Which whole UTC days the warehouse holds for a set of sync sources, for
 * comparisons of complete periods only: a day counts when every source has
 * read it to its end (coveredTo past its last instant), never a half day.
 */
import "server-only";
import type { Db } from "../db/client";
import { DAY_MS, heldDays, isoDay, utcDayOf } from "../reports/coverage";
import { syncReportLabel } from "../sync/report-labels";
import { loadStates } from "../sync/state";

export const COMMISSION_SOURCES = ["getAffiliateCommission:SPOT", "getAffiliateCommission:FUTURES"];
export const SUB_AFFILIATE_SOURCES = ["querySubChannelTransactions:SPOT", "querySubChannelTransactions:FUTURES"];
export const TRADE_ASSET_SOURCES = ["getChannelUserTradeAndAsset"];

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

/**
 * The last complete day (or Monday-to-Sunday week) the warehouse holds and the
 * one before it; a sentence instead when the previous one is not held whole.
 */
export function lastTwoPeriods(span: HeldSpan, period: "day" | "week"): ComparedPeriods | { missing: string } {
  let currentEnd = span.lastComplete;
  let days = 1;
  if (period === "week") {
    days = 7;
    // The last Sunday on or before the last whole day (weeks start on Monday, as the reports' buckets do).
    const sinceSunday = new Date(currentEnd).getUTCDay();
    currentEnd -= sinceSunday * DAY_MS;
  }
  const currentStart = currentEnd - (days - 1) * DAY_MS;
  const previousEnd = currentStart - DAY_MS;
  const previousStart = previousEnd - (days - 1) * DAY_MS;
  if (previousStart < span.first) {
    return { missing: `the warehouse does not hold ${label(previousStart, previousEnd)} whole (history from ${isoDay(span.first)}), so no ${period} is compared` };
  }
  return {
    current: { start: currentStart, end: currentEnd, label: label(currentStart, currentEnd) },
    previous: { start: previousStart, end: previousEnd, label: label(previousStart, previousEnd) },
  };
}
