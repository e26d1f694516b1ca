/**
 * The days a digest run reports: whole UTC days (the warehouse's grain), up to
 * the last UTC day that ended before the run is due — so every figure of the
 * period is final when the digest goes out, whatever the digest's zone.
 *
 *   daily   — that one day ("yesterday", in UTC days);
 *   weekly  — the 7 days ending with it;
 *   monthly — one calendar month ending with it: from the due day's UTC
 *             date one month back (due on the 1st: exactly last month; a
 *             day the shorter month lacks is clamped to its last day, so a
 *             digest on the 31st may repeat one day the month before).
 *
 * A "send now" run reports the period a scheduled run due at that moment
 * would. This is the digest's "last N days up to the period end": the view's
 * own days are replaced, its filters kept. Pure.
 */
import type { DigestScheduleKind } from "../db/schema-digests";
import { daysInMonth } from "./schedule";

const DAY_MS = 86_400_000;

export interface DigestPeriod {
  /** YYYY-MM-DD, inclusive, UTC days. */
  from: string;
  to: string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function digestPeriod(kind: DigestScheduleKind, dueAt: number): DigestPeriod {
  const endStart = Math.floor(dueAt / DAY_MS) * DAY_MS - DAY_MS; // the last whole UTC day before dueAt
  const to = isoDay(endStart);
  if (kind === "daily") return { from: to, to };
  if (kind === "weekly") return { from: isoDay(endStart - 6 * DAY_MS), to };
  const dueDay = new Date(endStart + DAY_MS);
  const year = dueDay.getUTCMonth() === 0 ? dueDay.getUTCFullYear() - 1 : dueDay.getUTCFullYear();
  const month = dueDay.getUTCMonth() === 0 ? 12 : dueDay.getUTCMonth(); // 1-based: the month before
  const day = Math.min(dueDay.getUTCDate(), daysInMonth(year, month));
  return { from: isoDay(Date.UTC(year, month - 1, day)), to };
}

/** How many days a period holds. */
export const periodDays = (p: DigestPeriod): number => Math.round((Date.parse(p.to) - Date.parse(p.from)) / DAY_MS) + 1;
