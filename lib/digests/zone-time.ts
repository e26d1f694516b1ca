/**
 * Wall-clock time in an IANA time zone, both ways, with the two cases a
 * schedule meets twice a year: a local time that does not exist (the hour the
 * clocks skip forward) and one that happens twice (the hour they go back).
 * Pure (Intl only), browser-safe.
 */

/** A civil date and time of day, as a clock on the wall shows it. */
export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time in `zone` at an instant (ms). */
export function wallTimeAt(zone: string, instant: number): WallTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** The wall time as if it were UTC, in ms: the arithmetic base of civil dates. */
export const wallMs = (w: WallTime): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/** The zone's offset from UTC at an instant, in ms (whole seconds dropped: no zone still uses them). */
export function offsetAt(zone: string, instant: number): number {
  const w = wallTimeAt(zone, instant);
  const floored = Math.floor(instant / 60_000) * 60_000;
  return wallMs(w) - floored;
}

const HOUR = 3_600_000;

/**
 * The instant a wall time happens in `zone`. When it happens twice (clocks
 * going back) the first; when it never happens (clocks skipping forward) the
 * first valid instant after it: the moment the clocks jump, whose wall time is
 * the end of the gap (02:30 on a day Berlin skips 02:00–03:00 → 03:00 CEST).
 */
export function instantOfWallTime(zone: string, wall: WallTime): number {
  const target = wallMs(wall);
  // Every offset in force within a day of the target; real zones change at most once in that span.
  const offsets = new Set([offsetAt(zone, target - 26 * HOUR), offsetAt(zone, target), offsetAt(zone, target + 26 * HOUR)]);
  const matches = [...offsets].map((o) => target - o).filter((u) => offsetAt(zone, u) === target - u);
  if (matches.length > 0) return Math.min(...matches);
  // A gap: before it the wall time is earlier than the target, after it later. Find the jump to the minute.
  let lo = target - Math.max(...offsets); // wall time before the target
  let hi = target - Math.min(...offsets); // wall time after it
  while (hi - lo > 60_000) {
    const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
    if (wallMs(wallTimeAt(zone, mid)) + wallTimeAt(zone, mid).second * 1000 < target) lo = mid;
    else hi = mid;
  }
  return hi;
}
