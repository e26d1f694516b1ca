import { describe, expect, it } from "vitest";
import { RANGE_PRESETS } from "@/lib/url-state/date-range";
import { INTERVALS, parseReportFilters } from "./filters";
import { daysInPeriod, previousPeriod, yearAgoPeriod } from "./periods";

const DAY = 86_400_000;
/** Days from `from` to `to` inclusive, counted by walking the calendar (independent of periods.ts). */
function calendarDays(from: string, to: string): number {
  let n = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d = new Date(d.getTime() + DAY)) n++;
  return n;
}
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const NOWS = [
  Date.UTC(2026, 9, 26, 13, 56, 7), // mid-day: the "30 days vs 29" case
  Date.UTC(2026, 10, 24, 0, 0, 0), // midnight exactly
  Date.UTC(2026, 10, 24, 23, 59, 59, 999),
  Date.UTC(2028, 1, 29, 8, 0, 0), // a leap day
  Date.UTC(2027, 0, 1, 0, 30, 0), // new year: ytd of one day
];
const CUSTOM = [
  { from: "2026-10-01", to: "2026-10-31" },
  { from: "2025-11-20", to: "2025-11-20" },
  { from: "2025-10-20", to: "2026-02-28" },
];
const ZONES = ["UTC", "Asia/Tokyo", "America/New_York"];

describe("previous period", () => {
  const views: Array<{ name: string; params: Record<string, string>; now: number }> = [];
  for (const now of NOWS) {
    for (const range of RANGE_PRESETS) views.push({ name: `${range} at ${new Date(now).toISOString()}`, params: { range }, now });
    for (const c of CUSTOM) views.push({ name: `custom ${c.from}…${c.to}`, params: { range: "custom", ...c }, now });
  }

  it.each(views)("$name: the same number of whole days, right before, for every interval and time zone", ({ params, now }) => {
    for (const interval of INTERVALS) {
      for (const tz of ZONES) {
        const f = parseReportFilters({ ...params, interval, tz }, new Date(now));
        expect(f.issues).toEqual([]);
        const current = { start: f.range.startTime, end: f.range.endTime };
        const days = calendarDays(f.range.from, f.range.to);
        expect(daysInPeriod(current)).toBe(days);
        const previous = previousPeriod(current);
        expect(previous.end + 1).toBe(f.range.startTime);
        expect(previous.start % DAY).toBe(0);
        expect(calendarDays(isoDay(previous.start), isoDay(previous.end))).toBe(days);
        expect(previous.end - previous.start + 1).toBe(days * DAY);
      }
    }
  });

  it("a year ago covers the same calendar days", () => {
    const p = yearAgoPeriod({ start: Date.UTC(2026, 9, 27), end: Date.UTC(2026, 10, 25, 12) });
    expect(p).toEqual({ start: Date.UTC(2025, 9, 27), end: Date.UTC(2025, 10, 25, 12) });
  });
});
