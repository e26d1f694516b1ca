import { describe, expect, it } from "vitest";
import {
  DEFAULT_RANGE,
  MAX_CUSTOM_DAYS,
  RANGE_PRESETS,
  formatIsoDay,
  getDateRange,
  isSameDateRange,
  labelDateRange,
  parseDateRange,
  parseIsoDay,
  resolveDateRange,
  validateCustomRange,
  withDateRange,
} from "./date-range";

// Wednesday 2025-08-20 14:30 UTC: mid-quarter (Q3 starts 2025-07-01).
const NOW = new Date(Date.UTC(2025, 7, 20, 14, 30, 0, 0));
const day = (iso: string) => parseIsoDay(iso) ?? Number.NaN;

describe("parseIsoDay", () => {
  it("accepts real calendar days only", () => {
    expect(parseIsoDay("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
    expect(parseIsoDay("2023-02-29")).toBeNull();
    expect(parseIsoDay("2025-13-01")).toBeNull();
    expect(parseIsoDay("2025-1-01")).toBeNull();
    expect(parseIsoDay("20250101")).toBeNull();
    expect(parseIsoDay("1969-12-31")).toBeNull();
  });
});

describe("parseDateRange", () => {
  it("defaults to 30d with no parameter", () => {
    expect(parseDateRange({}, NOW)).toEqual({ state: { range: "30d" } });
    expect(parseDateRange(new URLSearchParams(""), NOW)).toEqual({ state: { range: DEFAULT_RANGE } });
  });

  it("reads every preset from a record or URLSearchParams", () => {
    for (const preset of RANGE_PRESETS) {
      expect(parseDateRange({ range: preset }, NOW).state).toEqual({ range: preset });
      expect(parseDateRange(new URLSearchParams({ range: preset }), NOW).state).toEqual({ range: preset });
    }
  });

  it("takes the first value of a repeated parameter", () => {
    expect(parseDateRange({ range: ["7d", "90d"] }, NOW).state).toEqual({ range: "7d" });
  });

  it("falls back to the default, with an issue, for unknown presets", () => {
    const result = parseDateRange({ range: "5y" }, NOW);
    expect(result.state).toEqual({ range: "30d" });
    expect(result.issue).toBe('range "5y" is not a period we offer (7d, 30d, 90d, mtd, qtd, ytd, 12m, lastmonth, lastquarter, all or custom); showing Last 30 days instead.');
    expect(result.paramIssue).toMatchObject({ param: "range", value: "5y", usedInstead: "Last 30 days", fix: { range: undefined, from: undefined, to: undefined } });
  });

  it("reads from/to without range=custom as the custom range they name, and says so", () => {
    const result = parseDateRange({ from: "2025-01-01", to: "2025-01-31" }, NOW);
    expect(result.state).toEqual({ range: "custom", from: "2025-01-01", to: "2025-01-31" });
    expect(result.issue).toBe("range is missing (from and to need range=custom); showing 2025-01-01 – 2025-01-31 instead.");
    expect(result.paramIssue?.fix).toEqual({ range: "custom" });
    // Only one of them, or a nonsense one: the default, naming the parameter.
    expect(parseDateRange({ from: "2025-01-01" }, NOW).paramIssue).toMatchObject({ param: "to", usedInstead: "Last 30 days" });
    expect(parseDateRange({ from: "yesterday", to: "2025-01-31" }, NOW).issue).toBe('from "yesterday" is not a calendar day (YYYY-MM-DD); showing Last 30 days instead.');
  });

  it("ignores from/to beside a preset, keeping the preset", () => {
    const result = parseDateRange({ range: "7d", from: "2025-01-01", to: "2025-01-31" }, NOW);
    expect(result.state).toEqual({ range: "7d" });
    expect(result.paramIssue).toMatchObject({ param: "from", usedInstead: "Last 7 days", fix: { from: undefined, to: undefined } });
  });

  it("reads a custom range", () => {
    const result = parseDateRange({ range: "custom", from: "2025-01-01", to: "2025-03-31" }, NOW);
    expect(result).toEqual({ state: { range: "custom", from: "2025-01-01", to: "2025-03-31" } });
  });

  it("accepts a single-day custom range", () => {
    expect(parseDateRange({ range: "custom", from: "2025-08-01", to: "2025-08-01" }, NOW).issue).toBeUndefined();
  });

  it("refuses from > to", () => {
    const result = parseDateRange({ range: "custom", from: "2025-03-02", to: "2025-03-01" }, NOW);
    expect(result.state).toEqual({ range: "30d" });
    expect(result.issue).toBe('from "2025-03-02" is after the end date (to 2025-03-01); showing Last 30 days instead.');
  });

  it("refuses missing or malformed custom dates", () => {
    expect(parseDateRange({ range: "custom" }, NOW).issue).toBe("from is not a calendar day (YYYY-MM-DD); showing Last 30 days instead.");
    expect(parseDateRange({ range: "custom", from: "2025-01-01", to: "2025-02-30" }, NOW).issue).toBe('to "2025-02-30" is not a calendar day (YYYY-MM-DD); showing Last 30 days instead.');
  });

  it("caps custom ranges at three years", () => {
    const from = "2022-08-20";
    const lastAllowed = formatIsoDay(day(from) + (MAX_CUSTOM_DAYS - 1) * 86_400_000);
    const longest = parseDateRange({ range: "custom", from, to: lastAllowed }, NOW);
    expect(longest.issue).toBeUndefined();
    const tooLong = parseDateRange({ range: "custom", from: "2022-08-19", to: lastAllowed }, NOW);
    expect(tooLong.state).toEqual({ range: "30d" });
    expect(tooLong.paramIssue).toMatchObject({ param: "to", value: lastAllowed });
    expect(tooLong.issue).toMatch(/at most 1096 days/);
  });

  it("refuses a range that starts in the future", () => {
    expect(parseDateRange({ range: "custom", from: "2025-08-21", to: "2025-08-30" }, NOW).issue).toBe('from "2025-08-21" is in the future; showing Last 30 days instead.');
  });
});

describe("resolveDateRange", () => {
  it("resolves day presets as whole UTC days including today, ending now", () => {
    const r7 = resolveDateRange({ range: "7d" }, NOW);
    expect(r7.startTime).toBe(day("2025-08-14"));
    expect(r7.endTime).toBe(NOW.getTime());
    expect([r7.from, r7.to]).toEqual(["2025-08-14", "2025-08-20"]);
    expect(resolveDateRange({ range: "30d" }, NOW).from).toBe("2025-07-22");
    expect(resolveDateRange({ range: "90d" }, NOW).from).toBe("2025-05-23");
  });

  it("resolves calendar presets", () => {
    expect(resolveDateRange({ range: "mtd" }, NOW).from).toBe("2025-08-01");
    expect(resolveDateRange({ range: "qtd" }, NOW).from).toBe("2025-07-01");
    expect(resolveDateRange({ range: "ytd" }, NOW).from).toBe("2025-01-01");
    expect(resolveDateRange({ range: "12m" }, NOW).from).toBe("2024-08-21");
  });

  it("handles quarter and month edges", () => {
    const jan1 = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 1));
    expect(resolveDateRange({ range: "qtd" }, jan1).from).toBe("2026-01-01");
    expect(resolveDateRange({ range: "mtd" }, jan1).from).toBe("2026-01-01");
    const dec31 = new Date(Date.UTC(2025, 11, 31, 23, 0));
    expect(resolveDateRange({ range: "qtd" }, dec31).from).toBe("2025-10-01");
    // 12 months before 2024-02-29 is clamped to 2023-02-28; the range starts the day after.
    const leap = new Date(Date.UTC(2024, 1, 29, 12));
    expect(resolveDateRange({ range: "12m" }, leap).from).toBe("2023-03-01");
  });

  it("resolves at call time, not import time", () => {
    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    expect(resolveDateRange({ range: "7d" }, later).from).toBe("2025-08-17");
  });

  it("resolves a past custom range to whole days", () => {
    const r = resolveDateRange({ range: "custom", from: "2025-01-01", to: "2025-01-31" }, NOW);
    expect(r.startTime).toBe(Date.UTC(2025, 0, 1));
    expect(r.endTime).toBe(Date.UTC(2025, 1, 1) - 1);
    expect(r.label).toBe("2025-01-01 – 2025-01-31");
  });

  it("clamps a custom range reaching past today to now", () => {
    const r = resolveDateRange({ range: "custom", from: "2025-08-01", to: "2025-12-31" }, NOW);
    expect(r.endTime).toBe(NOW.getTime());
    expect(r.to).toBe("2025-08-20");
  });
});

describe("getDateRange", () => {
  it("parses and resolves in one call, passing on the issue", () => {
    const r = getDateRange({ range: "nope" }, NOW);
    expect(r.state).toEqual({ range: "30d" });
    expect(r.issue).toBeDefined();
    expect(r.label).toBe("Last 30 days");
    expect(getDateRange({ range: "ytd" }, NOW).issue).toBeUndefined();
  });
});

describe("withDateRange", () => {
  it("keeps other parameters and drops stale custom dates", () => {
    const next = withDateRange("q=btc&range=custom&from=2025-01-01&to=2025-01-02&sort=symbol", { range: "7d" });
    expect(next.toString()).toBe("q=btc&sort=symbol&range=7d");
  });

  it("leaves the URL clean for the default", () => {
    expect(withDateRange(new URLSearchParams("range=7d&q=eth"), { range: "30d" }).toString()).toBe("q=eth");
  });

  it("writes custom dates", () => {
    expect(withDateRange("", { range: "custom", from: "2025-01-01", to: "2025-02-01" }).toString()).toBe(
      "range=custom&from=2025-01-01&to=2025-02-01",
    );
  });

  it("round-trips through parseDateRange", () => {
    const state = { range: "custom", from: "2024-03-01", to: "2024-06-30" } as const;
    expect(parseDateRange(withDateRange("", state), NOW).state).toEqual(state);
  });
});

describe("validateCustomRange and helpers", () => {
  it("explains what is wrong in a sentence", () => {
    expect(validateCustomRange("2025-01-01", "2025-02-01", NOW)).toBeNull();
    expect(validateCustomRange("2025-02-02", "2025-02-01", NOW)).toBe("The start date is after the end date");
    expect(validateCustomRange("", "2025-02-01", NOW)).toMatch(/^Start date is not a calendar day/);
  });

  it("labels and compares states", () => {
    expect(labelDateRange({ range: "qtd" })).toBe("Quarter to date");
    expect(isSameDateRange({ range: "7d" }, { range: "7d" })).toBe(true);
    expect(isSameDateRange({ range: "custom", from: "a", to: "b" }, { range: "custom", from: "a", to: "c" })).toBe(false);
  });
});
