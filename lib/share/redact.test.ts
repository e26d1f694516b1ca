import { describe, expect, it } from "vitest";
import { commissionAnswer } from "../reports/commissions/contract";
import { inviteeAnswer } from "../reports/invitees/contract";
import { overviewAnswer } from "../reports/overview/contract";
import { subAffiliateAnswer } from "../reports/sub-affiliates/contract";
import { tradeAssetAnswer } from "../reports/trade-assets/contract";
import { amountsAsPercentages, maskUids, redactReport } from "./redact";

describe("maskUids", () => {
  it("replaces every invitee uid, and the keys of top invitees, but not sub-affiliate uids or other keys", () => {
    const mask = (uid: string) => `x${uid.length}`;
    const invitees = maskUids(inviteeAnswer, { roster: { rows: [{ uid: "1001", inviteCode: "A" }] } }, mask);
    const commissions = maskUids(commissionAnswer, { topInvitees: [{ key: "1001", commission: "1" }], bySymbol: [{ key: "BTCUSDT", commission: "1" }] }, mask);
    const subAffiliates = maskUids(subAffiliateAnswer, { ranking: [{ subAffiliateUid: "2002" }] }, mask);
    expect(invitees.roster.rows[0]?.uid).toBe("x4");
    expect(commissions.topInvitees[0]?.key).toBe("x4");
    expect(commissions.bySymbol[0]?.key).toBe("BTCUSDT");
    expect(subAffiliates.ranking[0]?.subAffiliateUid).toBe("2002");
    expect(JSON.stringify([invitees, commissions])).not.toContain("1001");
  });
});

describe("amountsAsPercentages", () => {
  it("turns parts into shares of the report's totals, per coin, exactly, and totals into their change against the previous period", () => {
    const report = {
      totals: [
        { coin: "USDT", commission: "300", fee: "900", takerVolume: "10", makerVolume: "30", items: 4 },
        { coin: "BTC", commission: "0.3", fee: "1", takerVolume: "1", makerVolume: "1", items: 1 },
      ],
      bySymbol: [
        { key: "BTCUSDT", coin: "USDT", commission: "100", fee: "300", volume: "10" },
        { key: "ETHUSDT", coin: "USDT", commission: "200", fee: "600", volume: "30" },
        { key: "BTCUSDT", coin: "BTC", commission: "0.1", fee: "1", volume: "2" },
      ],
      rates: [{ rate: "0.35", coin: "USDT", items: 3, commission: "1" }, { rate: "0.4", coin: "USDT", items: 1, commission: "2" }],
    };
    // The previous period lists its coins in another order, and has no fee in BTC.
    const previous = { answer: { totals: [{ coin: "BTC", commission: "0.4", fee: "0", takerVolume: "2", makerVolume: "1" }, { coin: "USDT", commission: "240", fee: "1000", takerVolume: "8", makerVolume: "40" }] } };
    const p = amountsAsPercentages(commissionAnswer, report, previous);
    expect(p.totals[0]).toEqual({ coin: "USDT", commission: "25.00", fee: "-10.00", takerVolume: "25.00", makerVolume: "-25.00", items: 4 });
    expect(p.totals[1]).toEqual({ coin: "BTC", commission: "-25.00", fee: null, takerVolume: "-50.00", makerVolume: "0.00", items: 1 });
    expect(p.bySymbol.map((r) => r.commission)).toEqual(["33.33", "66.67", "33.33"]);
    expect(p.bySymbol.map((r) => r.volume)).toEqual(["25.00", "75.00", "100.00"]);
    // The rebate rate is withheld (issue 24): with it and any one amount, a partner would have the other.
    expect(p.rates.map((r) => [r.rate, r.commission])).toEqual([[null, "33.33"], [null, "66.67"]]);
    // Without the previous period (not synced whole, say) a total shows no change, never 100 % and never its amount.
    expect(amountsAsPercentages(commissionAnswer, report).totals[0]).toMatchObject({ commission: null, fee: null, items: 4 });
    expect(amountsAsPercentages(commissionAnswer, report, { answer: undefined }).totals[1]?.commission).toBeNull();
  });

  it("uses the totals object for paged rows, and leaves counts and shares alone", () => {
    const report = { totals: { commission: "1000", invitees: 2 }, top10: { commission: "500", share: "0.5" }, rows: [{ uid: "1", commission: "250" }] };
    const p = amountsAsPercentages(tradeAssetAnswer, report, { answer: { totals: { commission: "800", invitees: 5 } } });
    expect(p.rows[0]?.commission).toBe("25.00");
    expect(p.top10).toEqual({ commission: "50.00", share: "0.5" });
    expect(p.totals).toEqual({ commission: "25.00", invitees: 2 });
  });

  it("a valued share of a whole the answer holds as null (a day not valued) is no share, never one of the valued part", () => {
    const report = {
      coins: [{ coin: "BTC", commission: "0.3", commissionUsdt: null, fee: "1", feeUsdt: "70000", volume: "10", items: 3 }],
      topInvitees: [
        { uid: "1", coin: "BTC", commission: "0.1", commissionUsdt: "7000", volume: "4" },
        { uid: "2", coin: "BTC", commission: "0.2", commissionUsdt: "14000", volume: "6" },
      ],
    };
    const p = amountsAsPercentages(overviewAnswer, report);
    expect(p.topInvitees.map((r) => [r.commission, r.commissionUsdt, r.volume])).toEqual([["33.33", null, "40.00"], ["66.67", null, "60.00"]]);
  });

  it("shows the overview's figures as changes: the current period against the previous, and against each earlier period", () => {
    const f = (commission: string, volume: string) => ({ commission, netFee: "10", effectiveRate: "0.3", volume, newInvitees: "3", activeTraders: "2", netDeposits: "0" });
    const report = {
      current: f("150", "90"),
      previous: f("120", "100"),
      yearAgo: f("100", "0"),
      trend: [{ bucket: "a", commission: "150", volume: "1", newInvitees: 1 }, { bucket: "b", commission: "50", volume: "3", newInvitees: 2 }],
      buckets: ["a", "b"],
      coins: [{ coin: "USDT", commission: "150", fee: "500", volume: "90", items: 7 }],
    };
    const p = amountsAsPercentages(overviewAnswer, report, { answer: { coins: [{ coin: "USDT", commission: "100", fee: "500", volume: "100", items: 5 }] } });
    expect([p.current.commission, p.previous.commission, p.yearAgo.commission]).toEqual(["25.00", "25.00", "50.00"]);
    expect([p.current.volume, p.previous.volume, p.yearAgo.volume]).toEqual(["-10.00", "-10.00", null]);
    expect(p.current.netFee).toBe("0.00");
    expect(p.current.netDeposits).toBeNull();
    expect(p.current.newInvitees).toBe("3");
    // The rebate rate (commission ÷ fee) is withheld in every period (issue 24).
    expect(p.current.effectiveRate).toBeNull();
    expect(p.previous.effectiveRate).toBeNull();
    expect(p.trend.map((t) => t.commission)).toEqual(["75.00", "25.00"]);
    expect(p.coins[0]).toEqual({ coin: "USDT", commission: "50.00", fee: "0.00", volume: "-10.00", items: 7 });
  });

  it("shows no change against a compared period the answer's coverage says the warehouse does not hold", () => {
    const f = (commission: string) => ({ commission, netFee: "10", effectiveRate: "0.3", volume: "90", newInvitees: "3", activeTraders: "2", netDeposits: "0" });
    const answer = (historyFrom: string) => ({
      current: f("150"),
      previous: f("120"),
      yearAgo: f("100"),
      range: { from: "2026-11-18", to: "2026-11-24", label: "Last 7 days" },
      coverage: { historyFrom, historyTo: "2026-11-24" },
    });
    // History from 2026-09-01: the previous 7 days are held, a year ago is not.
    const recent = amountsAsPercentages(overviewAnswer, answer("2026-09-01"));
    expect([recent.current.commission, recent.previous.commission, recent.yearAgo.commission]).toEqual(["25.00", "25.00", null]);
    // History from 2026-11-15: not even the previous 7 days (2026-11-11 → 2026-11-17).
    const fresh = amountsAsPercentages(overviewAnswer, answer("2026-11-15"));
    expect([fresh.current.commission, fresh.previous.commission, fresh.yearAgo.commission]).toEqual([null, null, null]);
    // A year of history: every change shows.
    const full = amountsAsPercentages(overviewAnswer, answer("2025-01-01"));
    expect([full.current.commission, full.previous.commission, full.yearAgo.commission]).toEqual(["25.00", "25.00", "50.00"]);
  });

  it("while today is partial, changes compare the whole days (currentWholeDays); today alone shows none", () => {
    const f = (commission: string) => ({ commission, netFee: "10", effectiveRate: "0.3", volume: "90", newInvitees: "3", activeTraders: "2", netDeposits: "0" });
    const periods = (from: string) => ({
      current: { from, to: "2026-11-26" },
      previous: { from: from.replace("-11-", "-10-"), to: "2026-10-26" },
      yearAgo: { from: from.replace("2026", "2025"), to: "2025-11-26" },
      partialDay: "2026-11-26",
    });
    const answer = { current: f("160"), currentWholeDays: f("150"), previous: f("120"), yearAgo: f("100"), periods: periods("2026-11-01"), coverage: { historyFrom: "2025-01-01", historyTo: "2026-11-26" } };
    const mtd = amountsAsPercentages(overviewAnswer, answer);
    // 150 against 120 and 100, not today's hours included (160).
    expect([mtd.current.commission, mtd.currentWholeDays?.commission, mtd.previous.commission, mtd.yearAgo.commission]).toEqual(["25.00", "25.00", "25.00", "50.00"]);
    const first = amountsAsPercentages(overviewAnswer, { ...answer, currentWholeDays: null, periods: { ...periods("2026-11-26"), previous: { from: "2026-11-25", to: "2026-11-25" } } });
    expect([first.current.commission, first.previous.commission, first.yearAgo.commission]).toEqual([null, null, null]);
  });

  it("leaves no amount of a redacted report as it was", () => {
    const report = { totals: { tradingVolume: "7", netTradingFee: "3", paidCommission: "1", subAffiliates: 1 }, ranking: [{ subAffiliateUid: "9", tradingVolume: "7", netTradingFee: "3", paidCommission: "1", volumeShare: "1", activeDays: 2 }] };
    const p = redactReport(subAffiliateAnswer, report, { percentages: true });
    expect(p.ranking[0]).toMatchObject({ tradingVolume: "100.00", netTradingFee: "100.00", paidCommission: "100.00", volumeShare: "1", activeDays: 2 });
    expect(p.totals).toEqual({ tradingVolume: null, netTradingFee: null, paidCommission: null, subAffiliates: 1 });
  });
});
