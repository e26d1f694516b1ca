import { describe, expect, it } from "vitest";
import type { OverviewAnswer } from "../reports/overview/contract";
import { periodSoFar } from "./period-so-far";

type Coverage = OverviewAnswer["coverage"];
const source = (name: string, from: string | null) => ({ source: name, label: name, from, asOf: from === null ? null : 1, backfillDone: true });
const SOURCES = [source("getAffiliateCommission:SPOT", "2025-11-01"), source("getAffiliateCommission:FUTURES", "2025-11-01"), source("getAffiliateUIDs", "2025-11-01"), source("getChannelUserTradeAndAsset", "2025-11-01")];
const coverage = (state: Coverage["state"], sources = SOURCES): Coverage => ({ state, historyFrom: null, historyTo: null, loading: false, coveredDays: 0, rangeDays: 3, buckets: [], sources, asOf: null, note: "" });
const current = { commissionAllCoins: "10", commission: "9.5", netFee: "20", effectiveRate: "0.475", volume: "1000", newInvitees: "4", activeTraders: "7", netDeposits: "-12.5" };

describe("periodSoFar", () => {
  it("is the answer's own value of the figure (what its card shows) where the period is held", () => {
    const answer = { current, coverage: coverage("complete") };
    expect(periodSoFar(answer, "netDeposits", "2026-12-01")).toEqual({ value: "-12.5", partial: false });
    expect(periodSoFar(answer, "newInvitees", "2026-12-01")).toEqual({ value: "4", partial: false });
    expect(periodSoFar(answer, "activeTraders", "2026-12-01")).toEqual({ value: "7", partial: false });
  });

  it("is blank, never 0, where nothing of the range or of the figure's own source is synced", () => {
    expect(periodSoFar({ current, coverage: coverage("none") }, "netDeposits", "2026-12-01")).toEqual({ value: null, partial: false });
    const noAssets = coverage("complete", [...SOURCES.slice(0, 3), source("getChannelUserTradeAndAsset", null)]);
    expect(periodSoFar({ current, coverage: noAssets }, "netDeposits", "2026-12-01").value).toBeNull();
    // Another figure's source is held: its value stands.
    expect(periodSoFar({ current, coverage: noAssets }, "commission", "2026-12-01")).toEqual({ value: "9.5", partial: false });
  });

  it("says partly synced where some day of the period is not held", () => {
    expect(periodSoFar({ current, coverage: coverage("partial") }, "netFee", "2026-12-01")).toEqual({ value: "20", partial: true });
    const late = coverage("complete", [source("getAffiliateCommission:SPOT", "2026-12-02"), ...SOURCES.slice(1)]);
    expect(periodSoFar({ current, coverage: late }, "commission", "2026-12-01").partial).toBe(true);
    expect(periodSoFar({ current, coverage: late }, "newInvitees", "2026-12-01").partial).toBe(false);
  });
});
