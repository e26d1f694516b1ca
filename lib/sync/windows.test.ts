import { describe, expect, it } from "vitest";
import { COMMISSION_RANGE } from "../weex/endpoints/affiliate";
import { withinRange } from "../weex/time-range";
import { DAY_MS, planWindows, utcDay, windowsBackwards } from "./windows";

const NOW = Date.UTC(2026, 10, 22, 13, 5);
const TODAY = utcDay(NOW);
const base = { now: NOW, rule: COMMISSION_RANGE, trailingDays: 3, historyDays: 365, coveredFrom: null, coveredTo: null, backfillDone: false };

function expectContiguous(windows: Array<{ startTime: number; endTime: number }>) {
  for (let i = 1; i < windows.length; i++) expect(windows[i]?.endTime).toBe((windows[i - 1]?.startTime ?? 0) - 1);
}

describe("sync windows", () => {
  it("a fresh plan reads today first, then the trailing days, then the history back to 365 days, within the 3-month rule", () => {
    const { windows, earliest } = planWindows(base);
    expect(windows.slice(0, 3)).toEqual([
      { startTime: TODAY, endTime: NOW, phase: "recent" },
      { startTime: TODAY - DAY_MS, endTime: TODAY - 1, phase: "recent" },
      { startTime: TODAY - 2 * DAY_MS, endTime: TODAY - DAY_MS - 1, phase: "recent" },
    ]);
    expect(windows.slice(3).every((w) => w.phase === "history")).toBe(true);
    expectContiguous(windows);
    expect(windows.at(-1)?.startTime).toBe(earliest);
    expect(earliest).toBe(TODAY - 364 * DAY_MS);
    expect(NOW - earliest).toBeLessThanOrEqual(365 * DAY_MS);
    for (const w of windows) expect(withinRange(COMMISSION_RANGE, w.startTime, w.endTime)).toBe(true);
    expect(windows.length).toBeLessThanOrEqual(3 + 5);
  });

  it("a later run re-reads the trailing days and the gap since the last run, and the history it has not finished", () => {
    const coveredTo = NOW - 10 * DAY_MS;
    const { windows, recentFrom } = planWindows({ ...base, coveredTo, coveredFrom: TODAY - 100 * DAY_MS });
    expect(recentFrom).toBe(utcDay(coveredTo));
    const recent = windows.filter((w) => w.phase === "recent");
    expect(recent.at(-1)?.startTime).toBe(utcDay(coveredTo));
    const history = windows.filter((w) => w.phase === "history");
    expect(history[0]?.endTime).toBe(TODAY - 100 * DAY_MS - 1);
    expectContiguous(recent);
    expectContiguous(history);
  });

  it("once the history is complete only the recent windows remain; one-day rules give one window per day", () => {
    const done = planWindows({ ...base, coveredTo: NOW - 60_000, coveredFrom: TODAY - 365 * DAY_MS, backfillDone: true });
    expect(done.windows).toEqual([{ startTime: TODAY - 2 * DAY_MS, endTime: NOW, phase: "recent" }]);
    const daily = planWindows({ ...base, rule: { kind: "days", days: 1 }, coveredTo: NOW - 60_000, coveredFrom: TODAY - 365 * DAY_MS, backfillDone: true });
    expect(daily.windows.map((w) => w.startTime)).toEqual([TODAY, TODAY - DAY_MS, TODAY - 2 * DAY_MS]); // day-aligned: stored per day
    const days = windowsBackwards({ kind: "days", days: 1 }, TODAY - 5 * DAY_MS, TODAY - 1, "history");
    expect(days).toHaveLength(5);
    for (const w of days) expect(w.endTime - w.startTime).toBe(DAY_MS - 1);
  });
});
