import { describe, expect, it } from "vitest";
import { recordWindow, repairWindows, REPAIRS_PER_RUN, shortfallOf } from "./incomplete";
import type { IncompleteWindow } from "./status";

const DAY = 86_400_000;
const w = (startDay: number, days: number, at = 0): IncompleteWindow => ({ startTime: startDay * DAY, endTime: (startDay + days) * DAY - 1, read: 1, total: 2, at });

describe("rows read against the stated total", () => {
  it("counts every earlier page as full (paging stops at the first short page), a resumed window included", () => {
    expect(shortfallOf("total", { total: 237 }, 3, 100, 37)).toBeNull();
    expect(shortfallOf("total", { total: 300 }, 4, 100, 0)).toBeNull(); // three full pages, then an empty one
    expect(shortfallOf("total", { total: 244 }, 3, 100, 37)).toEqual({ read: 237, total: 244 });
  });

  it("a count that is no count (negative, fractional, missing, text) disagrees; an endpoint without one is never checked", () => {
    for (const total of [-5, 1.5, undefined, "237", Number.NaN]) expect(shortfallOf("total", { total }, 3, 100, 37)).toEqual({ read: 237, total: null });
    expect(shortfallOf(undefined, { total: -5 }, 3, 100, 37)).toBeNull();
  });
});

describe("the recorded windows", () => {
  it("a disagreeing window is added; a window read whole that agrees takes off every record inside it, and only those", () => {
    const list = recordWindow([w(10, 5)], { startTime: 30 * DAY, endTime: 40 * DAY - 1, phase: "history" }, { read: 5, total: 9 }, 77);
    expect(list).toEqual([w(10, 5), { startTime: 30 * DAY, endTime: 40 * DAY - 1, read: 5, total: 9, at: 77 }]);
    // Read again with the same window: replaced, not listed twice.
    expect(recordWindow(list, { startTime: 30 * DAY, endTime: 40 * DAY - 1, phase: "repair" }, { read: 6, total: 9 }, 78)).toHaveLength(2);
    expect(recordWindow(list, { startTime: 8 * DAY, endTime: 20 * DAY - 1, phase: "recent" }, null, 79)).toEqual([list[1]]);
    // Overlapping only in part: kept (part of it was not read again).
    expect(recordWindow(list, { startTime: 12 * DAY, endTime: 20 * DAY - 1, phase: "recent" }, null, 79)).toEqual(list);
  });

  it("a run re-reads the oldest records first, a few at a time", () => {
    const list = [w(1, 1, 50), w(2, 1, 10), w(3, 1, 30), w(4, 1, 20), w(5, 1, 40)];
    const windows = repairWindows(list);
    expect(windows).toHaveLength(REPAIRS_PER_RUN);
    expect(windows.map((x) => x.startTime / DAY)).toEqual([2, 4, 3]);
    expect(new Set(windows.map((x) => x.phase))).toEqual(new Set(["repair"]));
  });
});
