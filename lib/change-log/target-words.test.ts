import { describe, expect, it } from "vitest";
import { targetWords } from "./target-words";

describe("targetWords", () => {
  it("names the figures without a forecast, in their units", () => {
    expect(targetWords({ kind: "target", name: null, metric: "netDeposits", period: "month", starts: "2026-12", value: "25000.5" })).toBe("Net deposits — Dec 2026 · 25,000.5 USDT");
    expect(targetWords({ kind: "target", name: "launch", metric: "newInvitees", period: "quarter", starts: "2026-Q4", value: "1" })).toBe("New invitees — Q4 2026 “launch” · 1 person");
    expect(targetWords({ kind: "tier", name: "VIP 1", metric: "activeTraders", period: "month", starts: null, value: "40" })).toBe("Invitees with commission items — Tier VIP 1: every month · 40 people");
    expect(targetWords({ kind: "target", name: null, metric: "commission", period: "month", starts: "2026-11", value: "700" })).toBe("Commission — Nov 2026 · 700 USDT");
    expect(targetWords({ kind: "target", name: null, metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "700" })).toBe("Commission, all coins — Nov 2026 · 700 ≈ USDT");
  });
});
