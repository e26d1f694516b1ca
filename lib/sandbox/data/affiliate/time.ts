/** UTC day arithmetic shared by the affiliate generators. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Start (ms) of the UTC day containing `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** YYYY-MM-DD of the UTC day containing `ms`. */
export function ymd(ms: number): string {
  return new Date(utcDayStart(ms)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a UTC day start. */
export function utcWeekday(dayStartMs: number): number {
  // 1970-01-01 was a Thursday.
  return (((Math.floor(dayStartMs / DAY_MS) + 4) % 7) + 7) % 7;
}
