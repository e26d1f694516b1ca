/**
 * When a digest is due: daily, weekly on a weekday or monthly on a day of the
 * month (clamped to the month's last day), at a local time in an IANA zone.
 * The weekday and the day of the month are the zone's, not UTC's. A local
 * time the clocks skip runs at the first valid instant after it; one that
 * happens twice runs once, at the first. Pure, browser-safe.
 */
import { instantOfWallTime, wallTimeAt, type WallTime } from "./zone-time";

export type Schedule =
  | { kind: "daily"; time: string; timeZone: string }
  | { kind: "weekly"; weekday: number; time: string; timeZone: string }
  | { kind: "monthly"; dayOfMonth: number; time: string; timeZone: string };

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const DAY_MS = 86_400_000;

export function parseLocalTime(time: string): { hour: number; minute: number } {
  const m = LOCAL_TIME_PATTERN.exec(time);
  if (!m) throw new Error(`not a local time HH:MM: ${time}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A civil date (no zone) moved by whole days. */
function addDays(d: { year: number; month: number; day: number }, days: number) {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Whether the schedule runs on a civil date of its zone. */
export function runsOn(schedule: Schedule, d: { year: number; month: number; day: number }): boolean {
  switch (schedule.kind) {
    case "daily":
      return true;
    case "weekly":
      return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() === schedule.weekday;
    case "monthly":
      return d.day === Math.min(schedule.dayOfMonth, daysInMonth(d.year, d.month));
  }
}

/** The instant of the schedule's occurrence on a civil date of its zone (whether or not it runs that day). */
export function occurrenceOn(schedule: Schedule, d: { year: number; month: number; day: number }): number {
  const { hour, minute } = parseLocalTime(schedule.time);
  const wall: WallTime = { ...d, hour, minute };
  return instantOfWallTime(schedule.timeZone, wall);
}

/** The first occurrence strictly after `after` (ms). */
export function nextDueAfter(schedule: Schedule, after: number): number {
  // Start a day early: the zone's date at `after` may be behind the occurrence's (an occurrence shifted by a gap).
  let d = addDays(wallTimeAt(schedule.timeZone, after), -1);
  for (let i = 0; i < 800; i += 1, d = addDays(d, 1)) {
    if (!runsOn(schedule, d)) continue;
    const at = occurrenceOn(schedule, d);
    if (at > after) return at;
  }
  throw new Error("no occurrence within two years");
}

/** The last occurrence at or before `atOrBefore` (ms): what a catch-up after downtime runs. */
export function latestDueAtOrBefore(schedule: Schedule, atOrBefore: number): number {
  let d = addDays(wallTimeAt(schedule.timeZone, atOrBefore), 1);
  for (let i = 0; i < 800; i += 1, d = addDays(d, -1)) {
    if (!runsOn(schedule, d)) continue;
    const at = occurrenceOn(schedule, d);
    if (at <= atOrBefore) return at;
  }
  throw new Error("no occurrence within two years");
}

/** The schedule in words: "Weekly on Monday at 08:00 (Europe/Berlin)". */
export function describeSchedule(schedule: Schedule): string {
  const at = `at ${schedule.time} (${schedule.timeZone})`;
  switch (schedule.kind) {
    case "daily":
      return `Daily ${at}`;
    case "weekly":
      return `Weekly on ${WEEKDAY_NAMES[schedule.weekday] ?? "?"} ${at}`;
    case "monthly":
      return `Monthly on day ${schedule.dayOfMonth}${schedule.dayOfMonth > 28 ? " (or the month's last day)" : ""} ${at}`;
  }
}
