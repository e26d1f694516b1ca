import { describe, expect, it } from "vitest";
import { projectPeriod } from "./project";

/** Every day from `from` to `to` at `value`, then the overrides. */
function series(from: string, to: string, value: string, overrides: Record<string, string> = {}): Map<string, string> {
  const out = new Map<string, string>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.set(new Date(t).toISOString().slice(0, 10), value);
  for (const [day, v] of Object.entries(overrides)) out.set(day, v);
  return out;
}
const NOVEMBER = { from: "2026-11-01", to: "2026-11-30" };

describe("projectPeriod", () => {
  it("adds the days so far to each day left at its weekday's average of four weeks, the range at their lowest and highest", () => {
    // 2026-11-27 is a Friday; the four Fridays before it: 30 Oct, 6, 13 and 20 Nov (6, 3, 2, 1); every other day 10.
    const values = series("2026-10-01", "2026-11-26", "10", { "2026-10-30": "6", "2026-11-06": "3", "2026-11-13": "2", "2026-11-20": "1" });
    // So far: 1–26 Nov, 23 days at 10 and Fridays 3 + 2 + 1 = 236. Left: Fri 27 (mean 3, low 1, high 6), Sat, Sun, Mon at 10.
    const got = projectPeriod({ ...NOVEMBER, today: "2026-11-27", values });
    expect(got).toMatchObject({ available: true, value: "269", low: "267", high: "272", daysDone: 26, soFar: "236", daysLeft: 4 });
    // The cumulative path: the held line up to the 26th, where the projection joins it, then day by day to the end.
    if (!got.available) throw new Error("projected");
    expect(got.path).toHaveLength(30);
    expect(got.path[0]).toEqual({ day: "2026-11-01", soFar: "10", value: null, low: null, high: null });
    expect(got.path.slice(-5)).toEqual([
      { day: "2026-11-26", soFar: "236", value: "236", low: "236", high: "236" },
      { day: "2026-11-27", soFar: null, value: "239", low: "237", high: "242" },
      { day: "2026-11-28", soFar: null, value: "249", low: "247", high: "252" },
      { day: "2026-11-29", soFar: null, value: "259", low: "257", high: "262" },
      { day: "2026-11-30", soFar: null, value: "269", low: "267", high: "272" },
    ]);
  });

  it("is exact in decimals and projects a whole period from its first day", () => {
    const values = series("2026-10-01", "2026-10-31", "0.1");
    expect(projectPeriod({ ...NOVEMBER, today: "2026-11-01", values })).toMatchObject({ value: "3", low: "3", high: "3", daysDone: 0, soFar: "0", daysLeft: 30 });
  });

  it("is the period's sum, with no range, once the period is over", () => {
    const values = series("2026-11-01", "2026-11-30", "2.5");
    const got = projectPeriod({ ...NOVEMBER, today: "2026-12-03", values });
    expect(got).toMatchObject({ available: true, value: "75", low: "75", high: "75", daysDone: 30, soFar: "75", daysLeft: 0 });
    if (!got.available) throw new Error("projected");
    expect(got.path.map((p) => p.value)).toEqual(Array(30).fill(null));
    expect(got.path.at(-1)).toEqual({ day: "2026-11-30", soFar: "75", value: null, low: null, high: null });
  });

  it("says it cannot project over a day not synced, so far or in the four weeks it reads, or before the period", () => {
    const held = series("2026-10-01", "2026-11-26", "10");
    held.delete("2026-11-10");
    expect(projectPeriod({ ...NOVEMBER, today: "2026-11-27", values: held })).toEqual({ available: false, reason: "1 of the 26 days so far is not held" });
    const early = series("2026-10-06", "2026-11-02", "10");
    early.delete("2026-10-20");
    expect(projectPeriod({ ...NOVEMBER, today: "2026-11-03", values: early })).toEqual({ available: false, reason: "1 of the 28 days before today it reads is not held" });
    expect(projectPeriod({ ...NOVEMBER, today: "2026-10-31", values: held })).toEqual({ available: false, reason: "the period has not started" });
  });
});
