/**
 * The periods of every preset on fixed clocks — month ends, leap years, quarter
 * boundaries — against dates written out by hand (not computed by periods.ts),
 * and the partial-day rule: today is left out of both sides of every change.
 */
import { describe, expect, it } from "vitest";
import { resolveDateRange, type DateRangeState } from "@/lib/url-state/date-range";
import { partialDayInWords, periodsInWords, stretchInWords } from "./period-words";
import { comparedDays, periodsOf } from "./periods";

const at = (iso: string) => new Date(iso);
const periods = (state: DateRangeState, now: string, historyFrom?: string) => periodsOf(resolveDateRange(state, at(now), historyFrom));
const s = (from: string, to: string) => ({ from, to });

describe("periods of each preset on a fixed clock", () => {
  it.each([
    // MTD on the 26th: 1–26 of the month before, not the 26 days right before (6–31 Oct).
    ["mtd", "2026-11-26T11:00:00Z", s("2026-11-01", "2026-11-26"), s("2026-10-01", "2026-10-26"), s("2025-11-01", "2025-11-26")],
    // A month end: the shorter month before is clamped to its length (28 days, 29 in a leap year).
    ["mtd", "2026-03-31T09:00:00Z", s("2026-03-01", "2026-03-31"), s("2026-02-01", "2026-02-28"), s("2025-03-01", "2025-03-31")],
    ["mtd", "2028-03-31T09:00:00Z", s("2028-03-01", "2028-03-31"), s("2028-02-01", "2028-02-29"), s("2027-03-01", "2027-03-31")],
    ["mtd", "2026-05-31T23:00:00Z", s("2026-05-01", "2026-05-31"), s("2026-04-01", "2026-04-30"), s("2025-05-01", "2025-05-31")],
    // January's month before is last year's December.
    ["mtd", "2027-01-15T06:00:00Z", s("2027-01-01", "2027-01-15"), s("2026-12-01", "2026-12-15"), s("2026-01-01", "2026-01-15")],
    // Quarter to date against the same stretch of the quarter before (31 Dec → 30 Sep).
    ["qtd", "2026-11-26T11:00:00Z", s("2026-10-01", "2026-11-26"), s("2026-07-01", "2026-08-26"), s("2025-10-01", "2025-11-26")],
    ["qtd", "2026-12-31T11:00:00Z", s("2026-10-01", "2026-12-31"), s("2026-07-01", "2026-09-30"), s("2025-10-01", "2025-12-31")],
    ["qtd", "2026-01-01T00:30:00Z", s("2026-01-01", "2026-01-01"), s("2025-10-01", "2025-10-01"), s("2025-01-01", "2025-01-01")],
    // Year to date on a leap day: a year earlier has no 29 February.
    ["ytd", "2028-02-29T08:00:00Z", s("2028-01-01", "2028-02-29"), s("2027-01-01", "2027-02-28"), s("2027-01-01", "2027-02-28")],
    // Last month: the whole month before, against the whole month before that.
    ["lastmonth", "2026-11-26T11:00:00Z", s("2026-10-01", "2026-10-31"), s("2026-09-01", "2026-09-30"), s("2025-10-01", "2025-10-31")],
    ["lastmonth", "2026-03-01T00:00:00Z", s("2026-02-01", "2026-02-28"), s("2026-01-01", "2026-01-31"), s("2025-02-01", "2025-02-28")],
    ["lastmonth", "2028-03-10T12:00:00Z", s("2028-02-01", "2028-02-29"), s("2028-01-01", "2028-01-31"), s("2027-02-01", "2027-02-28")],
    ["lastmonth", "2027-01-05T12:00:00Z", s("2026-12-01", "2026-12-31"), s("2026-11-01", "2026-11-30"), s("2025-12-01", "2025-12-31")],
    // Last quarter: whole quarters, across a year boundary too; Q1 ends 31 March, not a clamped 30th.
    ["lastquarter", "2026-11-26T11:00:00Z", s("2026-07-01", "2026-09-30"), s("2026-04-01", "2026-06-30"), s("2025-07-01", "2025-09-30")],
    ["lastquarter", "2026-07-05T11:00:00Z", s("2026-04-01", "2026-06-30"), s("2026-01-01", "2026-03-31"), s("2025-04-01", "2025-06-30")],
    ["lastquarter", "2026-01-10T11:00:00Z", s("2025-10-01", "2025-12-31"), s("2025-07-01", "2025-09-30"), s("2024-10-01", "2024-12-31")],
    ["lastquarter", "2026-04-01T00:00:00Z", s("2026-01-01", "2026-03-31"), s("2025-10-01", "2025-12-31"), s("2025-01-01", "2025-03-31")],
    // Rolling presets: the same number of days right before.
    ["7d", "2026-11-26T11:00:00Z", s("2026-11-20", "2026-11-26"), s("2026-11-13", "2026-11-19"), s("2025-11-20", "2025-11-26")],
    ["30d", "2026-03-01T11:00:00Z", s("2026-01-31", "2026-03-01"), s("2026-01-01", "2026-01-30"), s("2025-01-31", "2025-03-01")],
    // 366 days (a leap year) against the 366 days before; a year earlier ends on 28 February.
    ["12m", "2028-02-29T08:00:00Z", s("2027-03-01", "2028-02-29"), s("2026-02-28", "2027-02-28"), s("2026-03-01", "2027-02-28")],
  ] as const)("%s at %s", (range, now, current, previous, yearAgo) => {
    const p = periods({ range }, now);
    expect(p.current).toEqual(current);
    expect(p.previous).toEqual(previous);
    expect(p.yearAgo).toEqual(yearAgo);
  });

  it("MTD on every day of three years: the month before from its 1st to the same day, clamped to its length", () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const d = new Date(day);
      const p = periods({ range: "mtd" }, new Date(day + 11 * 3_600_000).toISOString());
      // The month before, written out with plain calendar facts.
      const y = d.getUTCMonth() === 0 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
      const m = d.getUTCMonth() === 0 ? 12 : d.getUTCMonth();
      const monthLength = [31, y % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
      const pad = (n: number) => String(n).padStart(2, "0");
      expect(p.previous).toEqual({ from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(Math.min(d.getUTCDate(), monthLength))}` });
    }
  });

  it("all time starts on the warehouse's first day and compares with as many days before it", () => {
    const p = periods({ range: "all" }, "2026-11-26T11:00:00Z", "2026-09-28");
    expect(p.current).toEqual(s("2026-09-28", "2026-11-26"));
    expect(p.previous).toEqual(s("2026-07-30", "2026-09-27"));
  });

  it("custom ranges roll: the same number of days right before; a range ending before today has no partial day", () => {
    const p = periods({ range: "custom", from: "2026-10-01", to: "2026-10-31" }, "2026-11-26T11:00:00Z");
    expect(p).toEqual({ current: s("2026-10-01", "2026-10-31"), previous: s("2026-08-31", "2026-09-30"), yearAgo: s("2025-10-01", "2025-10-31"), partialDay: null });
  });
});

describe("the partial-day rule", () => {
  it("today's first 11 hours are never compared with a whole day: each period leaves out its last day", () => {
    const p = periods({ range: "mtd" }, "2026-11-26T11:00:00Z");
    expect(p.partialDay).toBe("2026-11-26");
    expect(comparedDays(p)).toEqual({ current: s("2026-11-01", "2026-11-25"), previous: s("2026-10-01", "2026-10-25"), yearAgo: s("2025-11-01", "2025-11-25") });
    expect(periodsInWords(p, "previous")).toBe("1–26 Nov 2026 compared with 1–26 Oct 2026 (previous period).");
    expect(partialDayInWords(p, "previous")).toBe(
      "Today is partial, so changes leave it out: they compare whole days only, ending yesterday in both periods. Today is 26 Nov 2026; compared here: 1–25 Nov 2026 with 1–25 Oct 2026.",
    );
    expect(partialDayInWords(p, "yearAgo")).toMatch(/compared here: 1–25 Nov 2026 with 1–25 Nov 2025\.$/);
  });

  it("today alone leaves nothing to compare; whole past periods compare every day", () => {
    const first = periods({ range: "mtd" }, "2026-11-01T11:00:00Z");
    expect(comparedDays(first)).toEqual({ current: null, previous: null, yearAgo: null });
    expect(partialDayInWords(first, "previous")).toMatch(/compared here: none yet: today is the period's only day\.$/);
    const last = periods({ range: "lastmonth" }, "2026-11-26T11:00:00Z");
    expect(last.partialDay).toBeNull();
    expect(comparedDays(last)).toEqual({ current: last.current, previous: last.previous, yearAgo: last.yearAgo });
    expect(partialDayInWords(last, "previous")).toBe("");
  });

  it("says stretches in words with the month and year once where shared", () => {
    expect(stretchInWords(s("2026-10-01", "2026-12-31"))).toBe("1 Oct – 31 Dec 2026");
    expect(stretchInWords(s("2025-11-27", "2026-11-26"))).toBe("27 Nov 2025 – 26 Nov 2026");
    expect(stretchInWords(s("2026-11-26", "2026-11-26"))).toBe("26 Nov 2026");
  });
});

describe("the compare choice in the URL", () => {
  it("reads previous (the default) or yearAgo; anything else is ignored and named", async () => {
    const { parseReportFilters } = await import("./filters");
    const now = at("2026-11-26T11:00:00Z");
    expect(parseReportFilters({ range: "mtd" }, now).compare).toBe("previous");
    expect(parseReportFilters({ range: "mtd", compare: "yearAgo" }, now).compare).toBe("yearAgo");
    const bad = parseReportFilters({ range: "mtd", compare: "lastweek" }, now);
    expect(bad.compare).toBe("previous");
    expect(bad.paramIssues).toMatchObject([{ param: "compare", value: "lastweek", usedInstead: "the previous period" }]);
  });
});
