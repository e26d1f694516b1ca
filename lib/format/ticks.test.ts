import { describe, expect, it } from "vitest";
import { formatTick, niceTicks } from "./ticks";

describe("niceTicks: round axis values", () => {
  it("steps of 1, 2, 2.5 or 5 × 10^k from zero past the largest value", () => {
    expect(niceTicks(0, 4_795_811)).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    expect(niceTicks(0, 87.3)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0, 1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0, 9)).toEqual([0, 2.5, 5, 7.5, 10]);
  });

  it("whole figures (counts) get whole ticks: one sign-up is 0 and 1, not 0.25 … 1", () => {
    expect(niceTicks(0, 1, 4, { whole: true })).toEqual([0, 1]);
    expect(niceTicks(0, 3, 4, { whole: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 9, 4, { whole: true })).toEqual([0, 3, 6, 9]);
    expect(niceTicks(0, 1, 4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it("small decimal values get exact decimal ticks (no float dust)", () => {
    expect(niceTicks(0, 0.00073)).toEqual([0, 0.0002, 0.0004, 0.0006, 0.0008]);
    expect(niceTicks(0, 0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("negative values extend the axis below zero, through zero", () => {
    const ticks = niceTicks(-120, 480);
    expect(ticks[0]).toBeLessThanOrEqual(-120);
    expect(ticks).toContain(0);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(480);
    expect(ticks).toEqual([-200, 0, 200, 400, 600]);
  });

  it("an empty or all-zero chart still has an axis", () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN, Number.NaN)).toEqual([0, 1]);
  });
});

describe("formatTick: short labels that still differ", () => {
  it("compacts round thousands and millions without needless decimals", () => {
    const ticks = niceTicks(0, 4_795_811);
    expect(ticks.map((t) => formatTick(t, ticks))).toEqual(["0", "2M", "4M", "6M"]);
    const negative = niceTicks(-120, 480);
    expect(negative.map((t) => formatTick(t, negative))).toEqual(["-200", "0", "200", "400", "600"]);
    const halves = [0, 500_000, 1_000_000, 1_500_000];
    expect(halves.map((t) => formatTick(t, halves))).toEqual(["0", "0.5M", "1.0M", "1.5M"]);
  });

  it("keeps the decimals small steps need", () => {
    const ticks = niceTicks(0, 9);
    expect(ticks.map((t) => formatTick(t, ticks))).toEqual(["0", "2.5", "5.0", "7.5", "10.0"]);
    const tiny = niceTicks(0, 0.00073);
    expect(tiny.map((t) => formatTick(t, tiny))).toEqual(["0", "0.0002", "0.0004", "0.0006", "0.0008"]);
  });
});
