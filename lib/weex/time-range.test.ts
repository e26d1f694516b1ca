import { describe, expect, it } from "vitest";
import { maxEndFor, splitRange, withinRange } from "./time-range";

const utc = (s: string) => Date.parse(`${s}Z`);

describe("time-range rules", () => {
  it("3 calendar months, clamped at month ends", () => {
    const rule = { kind: "months", months: 3 } as const;
    expect(maxEndFor(rule, utc("2026-01-15T10:00:00"))).toBe(utc("2026-04-15T10:00:00"));
    expect(maxEndFor(rule, utc("2025-11-30T00:00:00"))).toBe(utc("2026-02-28T00:00:00"));
    expect(withinRange(rule, utc("2026-01-15T00:00:00"), utc("2026-04-15T00:00:00"))).toBe(true);
    expect(withinRange(rule, utc("2026-01-15T00:00:00"), utc("2026-04-15T00:00:00") + 1)).toBe(false);
  });

  it("90 days", () => {
    const rule = { kind: "days", days: 90 } as const;
    expect(withinRange(rule, 0, 90 * 86_400_000)).toBe(true);
    expect(withinRange(rule, 0, 90 * 86_400_000 + 1)).toBe(false);
  });

  it("splits a long range into accepted, contiguous windows, newest first", () => {
    const rule = { kind: "months", months: 3 } as const;
    const start = utc("2025-01-01T00:00:00");
    const end = utc("2026-02-10T12:00:00");
    const windows = splitRange(rule, start, end);
    expect(windows[0]?.endTime).toBe(end);
    expect(windows.at(-1)?.startTime).toBe(start);
    const ascending = [...windows].reverse();
    for (let i = 0; i < ascending.length; i++) {
      const w = ascending[i]!;
      expect(withinRange(rule, w.startTime, w.endTime)).toBe(true);
      if (i > 0) expect(w.startTime).toBe(ascending[i - 1]!.endTime + 1);
    }
    expect(splitRange(rule, 10, 5)).toEqual([]);
  });
});
