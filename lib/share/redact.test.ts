import { describe, expect, it } from "vitest";
import { commissionAnswer } from "../reports/contracts/commissions";
import { inviteeAnswer } from "../reports/contracts/invitees";
import { overviewAnswer } from "../reports/contracts/overview";
import { subAffiliateAnswer } from "../reports/contracts/sub-affiliates";
import { tradeAssetAnswer } from "../reports/contracts/trade-assets";
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
  it("turns rows into shares of the report's totals, per coin, exactly", () => {
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
    const p = amountsAsPercentages(commissionAnswer, report);
    expect(p.totals[0]).toMatchObject({ commission: "100.00", fee: "100.00", items: 4 });
    expect(p.bySymbol.map((r) => r.commission)).toEqual(["33.33", "66.67", "33.33"]);
    expect(p.bySymbol.map((r) => r.volume)).toEqual(["25.00", "75.00", "100.00"]);
    expect(p.rates.map((r) => [r.rate, r.commission])).toEqual([["0.35", "33.33"], ["0.4", "66.67"]]);
  });

  it("uses the totals object for paged rows, and leaves counts and shares alone", () => {
    const report = { totals: { commission: "1000", invitees: 2 }, top10: { commission: "500", share: "0.5" }, rows: [{ uid: "1", commission: "250" }] };
    const p = amountsAsPercentages(tradeAssetAnswer, report);
    expect(p.rows[0]?.commission).toBe("25.00");
    expect(p.top10).toEqual({ commission: "50.00", share: "0.5" });
    expect(p.totals).toEqual({ commission: "100.00", invitees: 2 });
  });

  it("shows the overview's periods relative to the current one", () => {
    const f = (commission: string) => ({ commission, netFee: "10", effectiveRate: "0.3", volume: "5", newInvitees: "3", activeTraders: "2", netDeposits: "0" });
    const report = { current: f("200"), previous: f("100"), yearAgo: f("50"), trend: [{ bucket: "a", commission: "150", volume: "1", newInvitees: 1 }, { bucket: "b", commission: "50", volume: "3", newInvitees: 2 }], buckets: ["a", "b"] };
    const p = amountsAsPercentages(overviewAnswer, report);
    expect([p.current.commission, p.previous.commission, p.yearAgo.commission]).toEqual(["100.00", "50.00", "25.00"]);
    expect(p.current.newInvitees).toBe("3");
    expect(p.current.effectiveRate).toBe("0.3");
    expect(p.current.netDeposits).toBe("0");
    expect(p.trend.map((t) => t.commission)).toEqual(["75.00", "25.00"]);
  });

  it("leaves no amount of a redacted report as it was", () => {
    const report = { totals: { tradingVolume: "7", netTradingFee: "3", paidCommission: "1", subAffiliates: 1 }, ranking: [{ subAffiliateUid: "9", tradingVolume: "7", netTradingFee: "3", paidCommission: "1", volumeShare: "1", activeDays: 2 }] };
    const p = redactReport(subAffiliateAnswer, report, { percentages: true });
    expect(p.ranking[0]).toMatchObject({ tradingVolume: "100.00", netTradingFee: "100.00", paidCommission: "100.00", volumeShare: "1", activeDays: 2 });
  });
});
