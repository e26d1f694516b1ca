/**
 * Rolling share links: "the last N days", resolved on every request from the
 * current time, so a link made on Monday for "last 30 days" shows the 30 days
 * up to the viewer's today — never more than N days, never a day before them,
 * never a day after today.
 *
 * What a day is: a calendar day of the link's time zone (UTC for a UTC link).
 * The window ends with today's date in that zone and takes the N dates up to
 * it; the warehouse keeps UTC days, and the reports read a range of dates as
 * the UTC days of those dates (as every view of the app does, its time zone
 * only moving bucket boundaries). So a zone ahead of UTC (Asia/Tokyo at 20:00
 * UTC, already tomorrow there) ends the window with UTC today — a date whose
 * UTC day has not begun holds no data — and a zone behind UTC (New York at
 * 02:00 UTC, still yesterday there) ends it with its own today: the viewer
 * always sees N whole dates of their link's calendar. Pure.
 */
import { formatIsoDay, parseIsoDay, PRESET_LABELS, type CalendarPreset } from "../url-state/date-range";
import { localDay } from "../reports/coverage";

export const SHARE_DATES = ["fixed", "rolling"] as const;
export type ShareDates = (typeof SHARE_DATES)[number];

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (1 for one day). */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDay(from);
  const b = parseIsoDay(to);
  if (a === null || b === null || b < a) return 1;
  return Math.round((b - a) / DAY_MS) + 1;
}

/** The zone's today, or UTC's today when the zone's has not begun in UTC yet. */
function lastDayAt(tz: string, now: Date): string {
  const utcToday = formatIsoDay(now.getTime());
  let zoneToday = utcToday;
  try {
    zoneToday = localDay(now.getTime(), tz);
  } catch {
    // A zone name the runtime no longer knows: UTC days (the scope stays readable).
  }
  return zoneToday < utcToday ? zoneToday : utcToday;
}

/** The last `days` dates ending today (see above), as the custom range the reports read. */
export function rollingDays(days: number, tz: string, now: Date): { from: string; to: string } {
  const to = lastDayAt(tz, now);
  const toMs = parseIsoDay(to) ?? Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { from: formatIsoDay(toMs - (days - 1) * DAY_MS), to };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const parts = (iso: string) => ({ y: iso.slice(0, 4), m: MONTHS[Number(iso.slice(5, 7)) - 1] ?? "", d: String(Number(iso.slice(8, 10))) });

/** "27 Aug → 24 Nov 2026" (the year once when both days share it). */
export function dayRangeWords(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${b.d} ${b.m} ${b.y}`;
  return a.y === b.y ? `${a.d} ${a.m} → ${b.d} ${b.m} ${b.y}` : `${a.d} ${a.m} ${a.y} → ${b.d} ${b.m} ${b.y}`;
}

/**
 * What a rolling link shows, in words: "the last 30 days", or, made from a calendar preset, that preset as of the
 * day it is opened ("month to date", "last month": a rolling "Last month" link opened in December shows November).
 */
export function rollingWords(days: number, calendar?: CalendarPreset): string {
  if (calendar !== undefined) return PRESET_LABELS[calendar].toLowerCase();
  return days === 1 ? "the last day" : `the last ${days} days`;
}

/** How a link's dates behave, in words: "fixed: 27 Aug → 24 Nov 2026", "rolling: the last 90 days", "rolling: month to date". */
export function datesInWords(scope: { from: string; to: string; rollingDays?: number | undefined; calendar?: CalendarPreset | undefined }): string {
  if (scope.rollingDays === undefined) return `fixed: ${dayRangeWords(scope.from, scope.to)}`;
  return `rolling: ${rollingWords(scope.rollingDays, scope.calendar)}`;
}
