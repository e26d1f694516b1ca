/**
 * Planted invitee-quality cases (plant.ts): the default world records a few per flag, they are real invitees
 * showing what their flag describes, and every other invitee is byte-identical to a world built without planting.
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { createAffiliateWorld } from "./world";
import { DEFAULT_AFFILIATE_WORLD_OPTIONS } from "./types";
import type { CommissionRecord } from "./types";

const NOW = Date.UTC(2026, 10, 27, 15, 30);
const DAY = 86_400_000;
const planted = createAffiliateWorld({ ...DEFAULT_AFFILIATE_WORLD_OPTIONS }, NOW);
const plain = createAffiliateWorld({ ...DEFAULT_AFFILIATE_WORLD_OPTIONS, plant: false }, NOW);
const cases = planted.planted();
const plantedUids = new Set(Object.values(cases).flat());
const byUid = <T extends { uid: string }>(rows: readonly T[], keep: (uid: string) => boolean) => rows.filter((r) => keep(r.uid));
const others = (uid: string) => !plantedUids.has(uid);

describe("planted invitee-quality cases", () => {
  it("records 2–3 invitees per behaviour and a burst of several, all real invitees, none twice", () => {
    expect(cases.low_fee.length).toBe(3);
    expect(cases.round_trip.length).toBe(3);
    expect(cases.commission_collapse.length).toBe(2);
    expect(cases.signup_burst.length).toBeGreaterThanOrEqual(5);
    const all = Object.values(cases).flat();
    expect(new Set(all).size).toBe(all.length);
    const known = new Set(planted.invitedUsers(NOW).map((u) => u.uid));
    expect(all.filter((uid) => !known.has(uid))).toEqual([]);
    expect(plain.planted()).toEqual({ low_fee: [], round_trip: [], signup_burst: [], commission_collapse: [] });
  });

  it("leaves every other invitee's records byte-identical, and the planted ones changed", () => {
    expect(byUid(planted.invitedUsers(NOW), others)).toEqual(byUid(plain.invitedUsers(NOW), others));
    expect(byUid(planted.commissionItems(NOW), others)).toEqual(byUid(plain.commissionItems(NOW), others));
    const range = { startTime: NOW - 400 * DAY, endTime: NOW };
    expect(byUid(planted.tradeAndAsset(NOW, range), others)).toEqual(byUid(plain.tradeAndAsset(NOW, range), others));
    const mine = (uid: string) => plantedUids.has(uid);
    expect(JSON.stringify(byUid(planted.invitedUsers(NOW), mine))).not.toBe(JSON.stringify(byUid(plain.invitedUsers(NOW), mine)));
  });

  it("keeps the items' invariants and the trade-and-asset totals agreeing with them", () => {
    const items = byUid(planted.commissionItems(NOW), (uid) => plantedUids.has(uid));
    expect(items.filter((i) => !new Decimal(i.fee).times(i.rate).eq(i.commission) || !new Decimal(i.fee).gt(0))).toEqual([]);
    const sums = new Map<string, Decimal[]>();
    for (const i of items) {
      const s = sums.get(i.uid) ?? [new Decimal(0), new Decimal(0), new Decimal(0)];
      const volume = new Decimal(i.takerAmount).plus(i.makerAmount);
      sums.set(i.uid, [
        s[0]!.plus(i.productType === "SPOT" ? volume : 0),
        s[1]!.plus(i.productType === "FUTURES" ? volume : 0),
        s[2]!.plus(i.coin === "USDT" ? i.commission : 0),
      ]);
    }
    for (const r of planted.tradeAndAsset(NOW, { startTime: 0, endTime: NOW })) {
      const s = sums.get(r.uid);
      if (!s) continue;
      expect([r.spotTradingAmount, r.futuresTradingAmount, r.commission].map((v) => new Decimal(v).toString()), r.uid).toEqual(
        s.map((d) => d.toString()),
      );
    }
  });

  it("each case shows its behaviour in the raw records", () => {
    const items = planted.commissionItems(NOW);
    const of = (uid: string) => items.filter((i) => i.uid === uid && i.coin === "USDT");
    const feePerVolume = (list: readonly CommissionRecord[]) =>
      list.reduce((a, i) => a.plus(i.fee), new Decimal(0)).div(list.reduce((a, i) => a.plus(i.takerAmount).plus(i.makerAmount), new Decimal(0)));
    for (const uid of cases.low_fee) expect(feePerVolume(of(uid)).toNumber(), uid).toBeLessThan(0.00002);
    for (const uid of cases.commission_collapse) {
      const recent = of(uid).filter((i) => i.date >= NOW - 10 * DAY);
      expect(recent.length, uid).toBeGreaterThan(0);
      expect(recent.every((i) => ["0", "0.03", "0.05"].includes(i.rate)), uid).toBe(true);
    }
    for (const uid of cases.round_trip) {
      const [t] = planted.tradeAndAsset(NOW, { uid, startTime: 0, endTime: NOW });
      expect(new Decimal(t!.withdrawalAmount).div(t!.depositAmount).toNumber(), uid).toBeGreaterThan(0.99);
      expect(new Decimal(t!.withdrawalAmount).lt(t!.depositAmount), uid).toBe(true);
    }
    const burst = planted.invitedUsers(NOW).filter((u) => cases.signup_burst.includes(u.uid));
    expect(new Set(burst.map((u) => u.inviteCode)).size).toBe(1);
    expect(new Set(burst.map((u) => Math.floor(u.registerTime / DAY))).size).toBe(1);
  });
});
