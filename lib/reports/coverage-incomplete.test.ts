import { describe, expect, it } from "vitest";
import { coverageOf, periodGap, type SourceSpan } from "./coverage";

const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const DAY = 86_400_000;

/** A source holding 2026-09-01 → 2026-11-26 whose window 2026-10-05 → 2026-10-08 (mid-day end) did not add up. */
const sources: SourceSpan[] = [
  { key: "querySubChannelTransactions:SPOT", label: "Sub-affiliates (spot)", coveredFrom: at("2026-09-01"), coveredTo: at("2026-11-26") + 12 * 3_600_000, backfillDone: true, incomplete: [{ startTime: at("2026-10-05") + 3_600_000, endTime: at("2026-10-08") + 5 * 3_600_000 }] },
  { key: "getAffiliateCommission:SPOT", label: "Commission (spot)", coveredFrom: at("2026-09-01"), coveredTo: at("2026-11-26") + 12 * 3_600_000, backfillDone: true },
];
const range = (from: string, to: string) => ({ startTime: at(from), endTime: at(to) + DAY - 1 });

describe("days whose rows did not add up", () => {
  it("are not held: each day of the window (its first and last day whole) makes its bucket partial, never covered or empty", () => {
    const c = coverageOf({ range: range("2026-10-01", "2026-10-12"), interval: "day", tz: "UTC", sources });
    expect(c.state).toBe("partial");
    expect(c.coveredDays).toBe(12 - 4);
    expect(c.buckets.filter((b) => b.state !== "covered")).toEqual(["2026-10-05", "2026-10-06", "2026-10-07", "2026-10-08"].map((bucket) => ({ bucket, state: "partial" })));
    expect(c.incomplete).toEqual([{ source: "querySubChannelTransactions:SPOT", label: "Sub-affiliates (spot)", from: "2026-10-05", to: "2026-10-08" }]);
    expect(c.note).toBe(
      "Incomplete: the exchange's rows for Sub-affiliates (spot) 2026-10-05 → 2026-10-08 did not add up to the count it stated, twice; those days may be missing rows and are not counted as synced until a re-read agrees.",
    );
  });

  it("a range made only of such days is partial, not 'not synced'; a range beside them is complete and says nothing", () => {
    expect(coverageOf({ range: range("2026-10-06", "2026-10-07"), interval: "week", tz: "UTC", sources }).state).toBe("partial");
    const beside = coverageOf({ range: range("2026-10-20", "2026-10-31"), interval: "day", tz: "UTC", sources });
    expect(beside.state).toBe("complete");
    expect(beside.note).toBe("");
    // Listed whatever the range: a comparison may reach them.
    expect(beside.incomplete).toHaveLength(1);
  });

  it("an edge of history and such days are both said, in one note", () => {
    const c = coverageOf({ range: range("2026-08-25", "2026-10-10"), interval: "week", tz: "UTC", sources });
    expect(c.note).toMatch(/^Partial: history from 2026-09-01; days outside it are not synced, so totals cover 2026-09-01 → 2026-10-10 only\. Incomplete: the exchange's rows for Sub-affiliates \(spot\) 2026-10-05 → 2026-10-08/);
  });

  it("a comparison reaching them is not made, with the reason", () => {
    const c = coverageOf({ range: range("2026-11-01", "2026-11-26"), interval: "day", tz: "UTC", sources });
    expect(periodGap(c, { start: at("2026-10-01"), end: at("2026-10-26") + DAY - 1 })).toBe("2026-10-05 → 2026-10-08 incomplete");
    expect(periodGap(c, { start: at("2026-10-10"), end: at("2026-10-31") + DAY - 1 })).toBeNull();
  });
});
