import { describe, expect, it } from "vitest";
import { RANGE_PRESETS, resolveDateRange, type DateRangeState } from "@/lib/url-state/date-range";
import { bucketKeys, coverageOf, historyStartOf, periodGap, spanInWords, withGaps, type SourceSpan } from "./coverage";
import { INTERVALS, type Interval } from "./filters";
import { previousPeriod, yearAgoPeriod } from "./periods";

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One source holding [from, asOf], as the sync's checkpoint says. */
const source = (from: string | null, asOf: number | null, backfillDone = true, key = "getAffiliateCommission:SPOT"): SourceSpan => ({
  key,
  label: key,
  coveredFrom: from === null ? null : at(from),
  coveredTo: asOf,
  backfillDone,
});

/**
 * The expected state of each bucket of a UTC view, computed independently:
 * walk the calendar day by day, name each day's bucket with Date's own
 * calendar (Monday weeks, first of the month) and count its held days.
 */
function expectedUtcBuckets(from: string, to: string, interval: Interval, heldFrom: string, heldTo: string): Array<{ bucket: string; state: string }> {
  const groups: Array<{ bucket: string; held: number; days: number }> = [];
  for (let d = new Date(`${from}T00:00:00Z`); iso(d.getTime()) <= to; d = new Date(d.getTime() + DAY)) {
    let bucket = iso(d.getTime());
    if (interval === "month") bucket = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    if (interval === "week") bucket = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
    let g = groups.at(-1);
    if (g?.bucket !== bucket) groups.push((g = { bucket, held: 0, days: 0 }));
    g.days += 1;
    if (iso(d.getTime()) >= heldFrom && iso(d.getTime()) <= heldTo) g.held += 1;
  }
  return groups.map((g) => ({ bucket: g.bucket, state: g.held === g.days ? "covered" : g.held === 0 ? "uncovered" : "partial" }));
}

describe("coverage of a range", () => {
  // The case: a custom range reaching before the synced history.
  const now = at("2025-12-10T13:56:00Z");
  const custom = resolveDateRange({ range: "custom", from: "2025-10-20", to: "2025-11-30" }, new Date(now));

  it("marks the days before history as not synced, per day, week and month, and the range as partial", () => {
    for (const interval of INTERVALS) {
      const c = coverageOf({ range: custom, interval, tz: "UTC", sources: [source("2025-11-25", now)] });
      expect(c.buckets).toEqual(expectedUtcBuckets("2025-10-20", "2025-11-30", interval, "2025-11-25", "2025-12-10"));
      expect(c.state).toBe("partial");
      expect(c.coveredDays).toBe(6);
      expect(c.rangeDays).toBe(42);
      expect(c.historyFrom).toBe("2025-11-25");
      expect(c.note).toBe("Partial: history from 2025-11-25; days outside it are not synced, so totals cover 2025-11-25 → 2025-11-30 only.");
    }
    const weeks = coverageOf({ range: custom, interval: "week", tz: "UTC", sources: [source("2025-11-25", now)] });
    // Monday 24 November: one day not synced, six synced.
    expect(weeks.buckets.find((b) => b.bucket === "2025-11-24")?.state).toBe("partial");
    const months = coverageOf({ range: custom, interval: "month", tz: "UTC", sources: [source("2025-11-25", now)] });
    expect(months.buckets).toEqual([
      { bucket: "2025-10-01", state: "uncovered" },
      { bucket: "2025-11-01", state: "partial" },
    ]);
  });

  it("is complete, with no note, when history reaches before the range", () => {
    const c = coverageOf({ range: custom, interval: "day", tz: "UTC", sources: [source("2025-01-01", now)] });
    expect(c.state).toBe("complete");
    expect(c.note).toBe("");
    expect(c.buckets.every((b) => b.state === "covered")).toBe(true);
  });

  it("is none for a range wholly before history, and says so", () => {
    const early = resolveDateRange({ range: "custom", from: "2025-09-01", to: "2025-09-30" }, new Date(now));
    const c = coverageOf({ range: early, interval: "day", tz: "UTC", sources: [source("2025-11-25", now)] });
    expect(c.state).toBe("none");
    expect(c.coveredDays).toBe(0);
    expect(c.buckets.every((b) => b.state === "uncovered")).toBe(true);
    expect(c.note).toContain("outside the history the warehouse holds (2025-11-25 → 2025-12-10)");
  });

  it("says the backfill is still loading, in weeks of months", () => {
    const year = resolveDateRange({ range: "12m" }, new Date(now));
    const c = coverageOf({ range: year, interval: "month", tz: "UTC", sources: [source(iso(now - 20 * DAY), now, false)] });
    expect(c.loading).toBe(true);
    expect(c.state).toBe("partial");
    expect(c.note).toMatch(/^Still loading history: 3 weeks of 12 months synced so far \(history from 2025-11-20\)/);
    const done = coverageOf({ range: year, interval: "month", tz: "UTC", sources: [source(iso(now - 20 * DAY), now, true)] });
    expect(done.loading).toBe(false);
    expect(done.note).toMatch(/^Partial: history from 2025-11-20;/);
  });

  it("marks days after the last sync as not synced (a stale warehouse), not as zero", () => {
    const c = coverageOf({ range: custom, interval: "day", tz: "UTC", sources: [source("2025-01-01", at("2025-11-28T10:00:00Z"))] });
    expect(c.buckets.filter((b) => b.state === "uncovered").map((b) => b.bucket)).toEqual(["2025-11-29", "2025-11-30"]);
    expect(c.note).toContain("synced up to 2025-11-28");
  });

  it("holds only what every source holds, and its as-of is the oldest source's (milestones included)", () => {
    const milestones: SourceSpan = { key: "getAffiliateUIDs:full-read", label: "m", coveredFrom: null, coveredTo: now - 14 * 60_000, backfillDone: true, asOfOnly: true };
    const c = coverageOf({
      range: custom,
      interval: "day",
      tz: "UTC",
      sources: [source("2025-11-01", now), source("2025-11-25", now - 60_000, true, "getAffiliateUIDs"), milestones],
    });
    expect(c.historyFrom).toBe("2025-11-25");
    expect(c.asOf).toBe(now - 14 * 60_000);
    expect(c.sources.map((s) => s.from)).toEqual(["2025-11-01", "2025-11-25", null]);
    const none = coverageOf({ range: custom, interval: "day", tz: "UTC", sources: [source(null, null, false)] });
    expect(none.state).toBe("none");
    expect(none.asOf).toBeNull();
    expect(none.note).toContain("nothing of this period is synced yet");
  });

  it("puts each UTC day in the bucket its first instant falls in, in the view's time zone", () => {
    // New York: 25 November 00:00 UTC is the 24th at 19:00, so the 24th's bucket holds the first synced day.
    const ny = coverageOf({ range: custom, interval: "day", tz: "America/New_York", sources: [source("2025-11-25", now)] });
    expect(ny.buckets[0]).toEqual({ bucket: "2025-10-19", state: "uncovered" });
    expect(ny.buckets.find((b) => b.bucket === "2025-11-23")?.state).toBe("uncovered");
    expect(ny.buckets.find((b) => b.bucket === "2025-11-24")?.state).toBe("covered");
    // The zone's last bucket holds no UTC day start of the range: it is judged by the range's last day.
    expect(ny.buckets.at(-1)).toEqual({ bucket: "2025-11-30", state: "covered" });
    const tokyo = coverageOf({ range: custom, interval: "day", tz: "Asia/Tokyo", sources: [source("2025-11-25", now)] });
    expect(tokyo.buckets.find((b) => b.bucket === "2025-11-24")?.state).toBe("uncovered");
    expect(tokyo.buckets.find((b) => b.bucket === "2025-11-25")?.state).toBe("covered");
    expect(tokyo.buckets[0]?.bucket).toBe("2025-10-20");
    expect(tokyo.buckets.at(-1)?.bucket).toBe("2025-12-01");
  });

  it("lists the buckets of a zone as the SQL's generate_series does", () => {
    expect(bucketKeys({ startTime: at("2025-10-20"), endTime: at("2025-11-30T23:59:59.999Z") }, "week", "UTC")[0]).toBe("2025-10-20");
    expect(bucketKeys({ startTime: at("2025-10-20"), endTime: at("2025-11-30T23:59:59.999Z") }, "week", "Asia/Tokyo").at(-1)).toBe("2025-12-01");
    expect(bucketKeys({ startTime: at("2025-12-01"), endTime: at("2026-03-01T05:00:00Z") }, "month", "Pacific/Kiritimati")).toEqual(["2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"]);
  });
});

describe("coverage of every preset", () => {
  const nows = [at("2026-11-24T13:56:07Z"), at("2026-01-03T00:00:00Z"), at("2028-02-29T08:00:00Z")];
  const historyDays = [1, 20, 60, 400];
  for (const preset of RANGE_PRESETS) {
    it(`${preset}: buckets and totals follow the held days`, () => {
      for (const now of nows) {
        const range = resolveDateRange({ range: preset } as DateRangeState, new Date(now));
        for (const days of historyDays) {
          const heldFrom = iso(now - (days - 1) * DAY);
          for (const interval of INTERVALS) {
            const c = coverageOf({ range, interval, tz: "UTC", sources: [source(heldFrom, now)] });
            expect(c.buckets).toEqual(expectedUtcBuckets(range.from, range.to, interval, heldFrom, range.to));
            const expectedDays = Math.round((at(range.to) - Math.max(at(range.from), at(heldFrom))) / DAY) + 1;
            expect(c.coveredDays).toBe(Math.max(0, Math.min(expectedDays, c.rangeDays)));
            // Last month and last quarter end before today: a history shorter than that holds none of them.
            expect(c.state).toBe(heldFrom <= range.from ? "complete" : heldFrom > range.to ? "none" : "partial");
            expect(c.note === "").toBe(heldFrom <= range.from);
          }
        }
      }
    });
  }
});

describe("comparison periods", () => {
  const now = at("2026-11-24T13:56:07Z");
  it("a year ago and the previous period are compared only where history holds them", () => {
    const range = resolveDateRange({ range: "30d" }, new Date(now));
    const current = { start: range.startTime, end: range.endTime };
    const short = { historyFrom: "2026-09-26", historyTo: "2026-11-24" };
    expect(periodGap(short, yearAgoPeriod(current))).toBe("history starts 2026-09-26");
    expect(periodGap(short, previousPeriod(current))).toBeNull();
    expect(periodGap({ historyFrom: "2025-10-01", historyTo: "2026-11-24" }, yearAgoPeriod(current))).toBeNull();
    expect(periodGap({ historyFrom: null, historyTo: null }, previousPeriod(current))).toBe("not synced yet");
  });

  it("words spans", () => {
    expect([1, 6, 13, 21, 59, 61, 365].map(spanInWords)).toEqual(["1 day", "6 days", "13 days", "3 weeks", "8 weeks", "2 months", "12 months"]);
  });
});

describe("history start and gaps", () => {
  it("the date picker's history start is the first day every report holds", () => {
    expect(historyStartOf([{ coveredFrom: at("2025-11-25"), backfillDone: true }, { coveredFrom: at("2025-10-01"), backfillDone: true }])).toEqual({ from: "2025-11-25", loading: false });
    expect(historyStartOf([{ coveredFrom: at("2025-11-25T06:00:00Z"), backfillDone: false }])).toEqual({ from: "2025-11-26", loading: true });
    expect(historyStartOf([{ coveredFrom: null, backfillDone: false }, { coveredFrom: at("2025-10-01"), backfillDone: true }])).toBeNull();
    expect(historyStartOf([])).toBeNull();
  });

  it("uncovered buckets become gaps in a line, covered and partial keep their values", () => {
    const coverage = { buckets: [{ bucket: "a", state: "uncovered" as const }, { bucket: "b", state: "partial" as const }, { bucket: "c", state: "covered" as const }] };
    expect(withGaps([{ bucket: "a", v: 0 }, { bucket: "b", v: 2 }, { bucket: "c", v: 3 }], coverage, (p) => p.v)).toEqual([null, 2, 3]);
  });
});
