/**
 * Which UTC days of commission the warehouse holds whole, for "since sign-up" figures: from the first whole day both
 * commission sources (SPOT, FUTURES) hold through the last whole day both have read. The day being synced (today, or a
 * day read only partly) is left out, so a figure never adds a day still filling up.
 */
import "server-only";
import type { Db } from "../db/client";
import { DAY_MS, utcDayOf } from "../reports/coverage";
import { commissionSources } from "../reports/sync-sources";
import { loadStates } from "../sync/state";

export interface CommissionHeld {
  /** Start (ms) of the first UTC day held whole. */
  first: number;
  /** Start (ms) of the last UTC day held whole. */
  through: number;
}

/** Pure: the whole days of spans (coveredFrom, coveredTo in ms); null when a source holds nothing whole. */
export function wholeDaysOf(spans: ReadonlyArray<{ coveredFrom: number | null; coveredTo: number | null }>): CommissionHeld | null {
  let first = -Infinity;
  let through = Infinity;
  for (const s of spans) {
    if (s.coveredFrom === null || s.coveredTo === null) return null;
    first = Math.max(first, Math.ceil(s.coveredFrom / DAY_MS) * DAY_MS);
    // coveredTo is the last instant read: its day is whole only when that instant is the day's last millisecond.
    through = Math.min(through, utcDayOf(s.coveredTo + 1) - DAY_MS);
  }
  return spans.length === 0 || first > through ? null : { first, through };
}

export async function commissionHeld(db: Db, connectionId: string): Promise<CommissionHeld | null> {
  const states = await loadStates(db, connectionId);
  return wholeDaysOf(commissionSources().map((key) => ({ coveredFrom: states.get(key)?.coveredFrom ?? null, coveredTo: states.get(key)?.coveredTo ?? null })));
}
