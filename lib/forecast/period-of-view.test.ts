import { describe, expect, it } from "vitest";
import { getDateRange } from "../url-state/date-range";
import { forecastDaysOf, forecastPresetOf, periodEnd, periodStart } from "./period-of-view";

const now = new Date(Date.UTC(2026, 11, 4, 9, 30));
const custom = (from: string, to: string, calendar?: "mtd" | "qtd" | "lastmonth") => {
  const range = getDateRange(new URLSearchParams({ range: "custom", from, to }), now);
  return { ...range, state: { range: "custom" as const, from, to, ...(calendar ? { calendar } : {}) } };
};

describe("forecastPresetOf", () => {
  it("projects a month or quarter to date", () => {
    expect(forecastPresetOf(getDateRange(new URLSearchParams("range=mtd"), now))).toBe("mtd");
    expect(forecastPresetOf(getDateRange(new URLSearchParams("range=qtd"), now))).toBe("qtd");
    expect(forecastPresetOf(getDateRange(new URLSearchParams("range=30d"), now))).toBeNull();
  });

  it("projects fixed days made from one while they still are one: from the period's first day to today", () => {
    expect(forecastPresetOf(custom("2026-12-01", "2026-12-04", "mtd"))).toBe("mtd");
    expect(forecastPresetOf(custom("2026-10-01", "2026-12-04", "qtd"))).toBe("qtd");
    // Its last day past: no longer to date.
    expect(forecastPresetOf(custom("2026-12-01", "2026-12-03", "mtd"))).toBeNull();
    // Not from a month or quarter to date, or not starting on the period's first day.
    expect(forecastPresetOf(custom("2026-12-01", "2026-12-04"))).toBeNull();
    expect(forecastPresetOf(custom("2026-11-01", "2026-11-30", "lastmonth"))).toBeNull();
    expect(forecastPresetOf(custom("2026-12-02", "2026-12-04", "mtd"))).toBeNull();
  });

  it("finds the first day of a month and of a quarter", () => {
    expect(periodStart("2026-12-04", "month")).toBe("2026-12-01");
    expect(periodStart("2026-12-04", "quarter")).toBe("2026-10-01");
    expect(periodStart("2026-03-31", "quarter")).toBe("2026-01-01");
    expect(periodStart("2026-07-01", "quarter")).toBe("2026-07-01");
  });

  it("gives the whole period a forecast projects: to its last day", () => {
    expect(forecastDaysOf(custom("2026-12-01", "2026-12-04", "mtd"))).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(forecastDaysOf(getDateRange(new URLSearchParams("range=qtd"), now))).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(forecastDaysOf(custom("2026-12-01", "2026-12-03", "mtd"))).toBeNull();
    expect(periodEnd("2026-02-01", "month")).toBe("2026-02-28");
    expect(periodEnd("2028-01-01", "quarter")).toBe("2028-03-31");
  });
});
