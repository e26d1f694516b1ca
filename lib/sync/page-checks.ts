/**
 * What a page of a report must be before any of it is written, beyond its shape (the endpoint's response schema
 * already refuses NaN, exponents and ids that are not digits): every row's time inside the window asked for. A page
 * that fails is refused whole — nothing of it is committed, the window keeps its checkpoint, and the next run reads it
 * again — with a sentence that names the row's position and date, never its values.
 */
import { ERROR_CODES, WeexError } from "../weex/errors";
import { DAY_MS, utcDay, type SyncWindow } from "./windows";

/**
 * One UTC day either side of the window's days: a row is dated by its day's start (commission items, sub-affiliate
 * days) and the exchange restates recent days, so a row of the window's first day may carry that day's 00:00 and a
 * late one the next day. A year-2100 item or a 1970 registration is far outside.
 */
const WINDOW_SLACK_MS = DAY_MS;

const isoDay = (ms: number): string => (Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : "an unreadable date");

/** The page's rows refused: a WeexError the sync records like any other refused read (not transient). */
function invalidPage(endpoint: string, msg: string): WeexError {
  return new WeexError({ kind: "invalid-response", code: ERROR_CODES.UNKNOWN.code, msg, endpoint });
}

/** Throws when a row's time lies outside the window asked for (with the slack above). */
export function checkRowTimes<T>(endpoint: string, items: readonly T[], timeOf: ((item: T) => number) | undefined, window: SyncWindow, page: number): void {
  if (!timeOf) return;
  const lo = utcDay(window.startTime) - WINDOW_SLACK_MS;
  const hi = window.endTime + WINDOW_SLACK_MS;
  items.forEach((item, i) => {
    const t = timeOf(item);
    if (Number.isFinite(t) && t >= lo && t <= hi) return;
    throw invalidPage(
      endpoint,
      `page ${page}, row ${i + 1} is dated ${isoDay(t)}, outside the window asked for (${isoDay(window.startTime)} → ${isoDay(window.endTime)}): the page was not stored`,
    );
  });
}
