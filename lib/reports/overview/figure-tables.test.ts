import { describe, expect, it } from "vitest";
import type { ReportPeriods } from "../periods";
import { figureRows, trendRows } from "./figure-tables";

/** Periods as the answer states them (lib/reports/periods.ts), without a partial day unless given. */
const periods = (current: [string, string], previous: [string, string], yearAgo: [string, string], partialDay: string | null = null): ReportPeriods => ({
  current: { from: current[0], to: current[1] },
  previous: { from: previous[0], to: previous[1] },
  yearAgo: { from: yearAgo[0], to: yearAgo[1] },
  partialDay,
});

const figures = (commission: string, effectiveRate: string, commissionAllCoins: string | null = commission) => ({ commissionAllCoins, commission, netFee: "100", effectiveRate, volume: "9000", newInvitees: "12", activeTraders: "7", netDeposits: "0" });

describe("Overview headline figures CSV rows", () => {
  it("12 months from the warehouse's first day: previous and year-ago periods are blank with the reason, never 0", () => {
    // What the SQL answers for periods never synced: sums of no rows, 0.
    const report = { current: figures("8721.05", "0.33"), currentWholeDays: null, previous: figures("0", "0"), yearAgo: figures("0", "0") };
    const twelveMonths = periods(["2025-11-27", "2026-11-26"], ["2024-11-27", "2025-11-26"], ["2024-11-27", "2025-11-26"]);
    const rows = figureRows(report, { historyFrom: "2025-11-27", historyTo: "2026-11-26" }, twelveMonths);
    const commission = rows.find((r) => r.key === "commission")!;
    expect(commission).toMatchObject({ current: "8721.05", previous: null, yearAgo: null, changeVsPrevious: null, changeVsYearAgo: null });
    expect(commission.previousCoverage).toBe("not synced: history starts 2025-11-27");
    expect(commission.yearAgoCoverage).toBe("not synced: history starts 2025-11-27");
    for (const r of rows) expect([r.previous, r.yearAgo], r.key).toEqual([null, null]);
  });

  it("a held previous period keeps its figures; the rate's change is in percentage points", () => {
    const report = { current: figures("110", "0.6342"), currentWholeDays: null, previous: figures("100", "0.6239"), yearAgo: figures("0", "0") };
    const mtd = periods(["2026-11-01", "2026-11-26"], ["2026-10-01", "2026-10-26"], ["2025-11-01", "2025-11-26"]);
    const rows = figureRows(report, { historyFrom: "2026-06-01", historyTo: "2026-11-26" }, mtd);
    const commission = rows.find((r) => r.key === "commission")!;
    expect(commission).toMatchObject({ previous: "100", previousCoverage: "synced", changeVsPrevious: "0.1", changeIs: "relative", yearAgo: null });
    const rate = rows.find((r) => r.key === "effectiveRate")!;
    expect(rate).toMatchObject({ previous: "0.6239", changeVsPrevious: "0.0103", changeIs: "percentage points" });
  });
});

describe("Overview headline figures CSV rows while today is partial", () => {
  it("changes compare the whole days only; with today the only day there is no change, and it says so", () => {
    const report = { current: figures("12", "0.5"), currentWholeDays: figures("10", "0.5"), previous: figures("8", "0.4"), yearAgo: figures("5", "0.5") };
    const mtd = periods(["2026-11-01", "2026-11-26"], ["2026-10-01", "2026-10-26"], ["2025-11-01", "2025-11-26"], "2026-11-26");
    const rows = figureRows(report, { historyFrom: "2025-01-01", historyTo: "2026-11-26" }, mtd);
    const commission = rows.find((r) => r.key === "commission")!;
    // 10 whole-day USDT against 8: +25 %, not the 12 of today's partial total (+50 %).
    expect(commission).toMatchObject({ current: "12", previous: "8", changeVsPrevious: "0.25", changeVsYearAgo: "1" });
    const todayOnly = periods(["2026-11-26", "2026-11-26"], ["2026-11-25", "2026-11-25"], ["2025-11-26", "2025-11-26"], "2026-11-26");
    const alone = figureRows({ ...report, currentWholeDays: null }, { historyFrom: "2025-01-01", historyTo: "2026-11-26" }, todayOnly);
    for (const r of alone) expect([r.changeVsPrevious, r.changeVsYearAgo, r.previousCoverage], r.key).toEqual([null, null, "today only, partial"]);
  });
});

describe("Overview trend CSV rows", () => {
  it("a bucket the warehouse does not hold is blank and says \"not synced\"; a partly synced one is marked", () => {
    const trend = [
      { bucket: "2025-11-26", commission: "0", volume: "0", newInvitees: 0 },
      { bucket: "2025-11-27", commission: "3.5", volume: "900", newInvitees: 4 },
      { bucket: "2025-11-28", commission: "1", volume: "10", newInvitees: 0 },
    ];
    const buckets = [
      { bucket: "2025-11-26", state: "uncovered" as const },
      { bucket: "2025-11-27", state: "covered" as const },
      { bucket: "2025-11-28", state: "partial" as const },
    ];
    expect(trendRows(trend, { buckets })).toEqual([
      { bucket: "2025-11-26", commission: null, volume: null, newInvitees: null, coverage: "not synced" },
      { bucket: "2025-11-27", commission: "3.5", volume: "900", newInvitees: "4", coverage: "synced" },
      { bucket: "2025-11-28", commission: "1", volume: "10", newInvitees: "0", coverage: "partly synced" },
    ]);
  });
});

describe("Overview headline figures CSV: commission of every coin in USDT", () => {
  it("is labelled an estimate, and a period with a day not valued is blank with no change", () => {
    const report = { current: figures("110", "0.6", null), currentWholeDays: null, previous: figures("100", "0.6", "101.5"), yearAgo: figures("90", "0.6") };
    const mtd = periods(["2026-11-01", "2026-11-26"], ["2026-10-01", "2026-10-26"], ["2025-11-01", "2025-11-26"]);
    const rows = figureRows(report, { historyFrom: "2025-01-01", historyTo: "2026-11-26" }, mtd);
    const all = rows.find((r) => r.key === "commissionAllCoins")!;
    expect(all).toMatchObject({ label: "Commission, all coins (≈ USDT)", current: null, previous: "101.5", changeVsPrevious: null, changeVsYearAgo: null });
    expect(rows[0]?.key).toBe("commissionAllCoins");
  });
});
