import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_SAMPLES, sampleTimes } from "./sampling";

describe("sampleTimes", () => {
  it("samples every step and ends exactly at the target", () => {
    expect(sampleTimes(0, 3500, 1000)).toEqual([1000, 2000, 3000, 3500]);
    expect(sampleTimes(0, 3000, 1000)).toEqual([1000, 2000, 3000]);
    expect(sampleTimes(10, 11, 1000)).toEqual([11]);
    expect(sampleTimes(10, 10, 1000)).toEqual([]);
    expect(sampleTimes(10, 5, 1000)).toEqual([]);
  });

  it("caps a long gap: coarse samples for the old part, fine ones for the recent part", () => {
    const year = 365 * 86_400_000;
    const times = sampleTimes(0, year, 1000);
    expect(times.length).toBeLessThanOrEqual(DEFAULT_MAX_SAMPLES);
    expect(times[times.length - 1]).toBe(year);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    const last = times.slice(-100);
    for (let i = 1; i < last.length; i++) expect(last[i]! - last[i - 1]!).toBe(1000);
    expect(times[0]!).toBeGreaterThan(0);
  });
});
