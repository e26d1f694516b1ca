import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { PACE_WITHHELD_WORDS, dailyPace, daysBetween, paceSentence, trendPace } from "./pace";
import type { Target } from "./types";

/**
 * The truth computed apart from the code: a decimal text as an integer of 10^-8 units, divided with BigInt and rounded
 * half up by hand.
 */
function paceByHand(value: string, days: number): string {
  const [whole, frac = ""] = value.split(".");
  const scaled = BigInt(whole + frac.padEnd(8, "0").slice(0, 8)) * 10n; // tenths of 10^-8, for the rounding digit
  const q = scaled / BigInt(days);
  const rounded = (q + 5n) / 10n; // half up (all values here are positive)
  const text = rounded.toString().padStart(9, "0");
  const int = text.slice(0, -8);
  const dec = text.slice(-8).replace(/0+$/, "");
  return dec ? `${int}.${dec}` : int;
}

const goal = (over: Partial<Target>): Target => ({
  id: "t1",
  kind: "target",
  name: null,
  metric: "commissionAllCoins",
  period: "month",
  starts: "2026-11",
  value: "1000",
  updatedAt: 0,
  updatedByEmail: "a@b.test",
  ...over,
});

describe("daysBetween", () => {
  it("counts a period's UTC days, both ends included", () => {
    expect(daysBetween("2026-11-01", "2026-11-30")).toBe(30);
    expect(daysBetween("2026-12-01", "2026-12-31")).toBe(31);
    expect(daysBetween("2028-02-01", "2028-02-29")).toBe(29);
    expect(daysBetween("2027-02-01", "2027-02-28")).toBe(28);
    expect(daysBetween("2026-10-01", "2026-12-31")).toBe(92);
    expect(daysBetween("2027-01-01", "2027-03-31")).toBe(90);
  });
});

describe("dailyPace", () => {
  it("divides exactly, to 8 decimals rounded half up", () => {
    expect(dailyPace("1000", 30)).toBe("33.33333333");
    expect(dailyPace("900", 30)).toBe("30");
    expect(dailyPace("2", 3)).toBe("0.66666667");
    expect(dailyPace("0.00000001", 2)).toBe("0.00000001"); // 0.000000005 rounds up
    expect(dailyPace("0.00000001", 3)).toBe("0");
  });

  it("keeps every digit of large and fine values, as an independent division says", () => {
    for (const [value, days] of [
      ["2500000", 31],
      ["999999999999.99", 92],
      ["1234567.89012345", 29],
      ["40", 30],
      ["0.1", 3],
      ["73.5", 28],
    ] as const) {
      expect(dailyPace(value, days)).toBe(paceByHand(value, days));
    }
    // Where a float would not: 0.1 + 0.2 territory.
    expect(dailyPace("0.3", 1)).toBe("0.3");
  });

  it("refuses a period without days", () => {
    expect(() => dailyPace("10", 0)).toThrow(RangeError);
  });
});

describe("trendPace", () => {
  const month = { period: "month" as const, from: "2026-11-01", to: "2026-11-30" };
  const tier = goal({ id: "tier", kind: "tier", name: "VIP 2", starts: null, value: "2500000" });
  const all = [goal({}), goal({ id: "oct", starts: "2026-10" }), goal({ id: "vol", metric: "volumeAllCoins" }), goal({ id: "q", period: "quarter", starts: "2026-Q4" }), tier];

  it("draws the period's targets and its length's tiers on the figure, each at its value over the period's days", () => {
    const pace = trendPace({ targets: all, metric: "commissionAllCoins", period: month, daily: true, sameFigure: true });
    expect(pace.withheld).toBeNull();
    expect(pace.lines.map((l) => [l.target.id, l.perDay, l.days])).toEqual([
      ["t1", "33.33333333", 30],
      ["tier", "83333.33333333", 30],
    ]);
  });

  it("draws a quarter's over its 92 days", () => {
    const quarter = { period: "quarter" as const, from: "2026-10-01", to: "2026-12-31" };
    const pace = trendPace({ targets: all, metric: "commissionAllCoins", period: quarter, daily: true, sameFigure: true });
    expect(pace.lines.map((l) => [l.target.id, l.perDay, l.days])).toEqual([["q", paceByHand("1000", 92), 92]]);
  });

  it("says why it draws none on weeks or on another figure, and says nothing where there is no goal", () => {
    expect(trendPace({ targets: all, metric: "commissionAllCoins", period: month, daily: false, sameFigure: true })).toEqual({ lines: [], withheld: "not-daily" });
    expect(trendPace({ targets: all, metric: "commissionAllCoins", period: month, daily: true, sameFigure: false })).toEqual({ lines: [], withheld: "other-figure" });
    expect(trendPace({ targets: all, metric: "newTraders", period: month, daily: true, sameFigure: false })).toEqual({ lines: [], withheld: null });
    expect(trendPace({ targets: all, metric: "commissionAllCoins", period: null, daily: true, sameFigure: true })).toEqual({ lines: [], withheld: null });
    expect(PACE_WITHHELD_WORDS["not-daily"]).toMatch(/weeks or months/);
    // A goal on the USDT items' commission, the chart in another coin: said as such.
    const usdt = [goal({ id: "usdt", metric: "commission" })];
    expect(trendPace({ targets: usdt, metric: "commission", period: month, daily: true, sameFigure: false, otherFigure: "other-coin" })).toEqual({ lines: [], withheld: "other-coin" });
    expect(trendPace({ targets: usdt, metric: "commission", period: month, daily: true, sameFigure: true }).lines.map((l) => [l.target.id, l.perDay])).toEqual([["usdt", "33.33333333"]]);
    expect(PACE_WITHHELD_WORDS["other-coin"]).toMatch(/Choose USDT/);
  });
});

describe("paceSentence", () => {
  const two = (v: string) => new Decimal(v).toFixed(2); // the test's own rounding (the page groups digits too)
  it("defines a target's and a tier's line in one sentence", () => {
    const [t, tier] = trendPace({
      targets: [goal({}), goal({ id: "tier", kind: "tier", name: "VIP 2", starts: null, value: "2500000" })],
      metric: "commissionAllCoins",
      period: { period: "month", from: "2026-11-01", to: "2026-11-30" },
      daily: true,
      sameFigure: true,
    }).lines;
    expect(paceSentence(t!, "Target", "≈ USDT", two)).toBe("Target pace: 33.33 ≈ USDT a day — the month's target 1000.00 ≈ USDT over its 30 days");
    expect(paceSentence(tier!, "Tier VIP 2", "≈ USDT", two)).toBe("Tier VIP 2 pace: 83333.33 ≈ USDT a day — the tier's 2500000.00 ≈ USDT a month over its 30 days");
  });
});
