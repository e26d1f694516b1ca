import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { createAffiliateWorld } from "./index";
import type { AffiliateWorld, SubAffiliateRecord } from "./types";

const CREATED = Date.UTC(2025, 5, 15, 13, 30);
const HOUR = 3_600_000;

/** Recomputes the sub-affiliate records from the items and invitees visible at now. */
function expected(world: AffiliateWorld, now: number) {
  const subOf = new Map(world.invitedUsers(now).map((u) => [u.uid, u.subAffiliateUid]));
  const acc = new Map<string, { volume: Decimal; fee: Decimal }>();
  for (const i of world.commissionItems(now)) {
    const sub = subOf.get(i.uid);
    if (!sub) continue;
    const k = `${new Date(i.date).toISOString().slice(0, 10)}|${sub}|${i.productType}`;
    const a = acc.get(k) ?? { volume: new Decimal(0), fee: new Decimal(0) };
    a.volume = a.volume.plus(i.takerAmount).plus(i.makerAmount);
    if (i.coin === "USDT") a.fee = a.fee.plus(i.fee);
    acc.set(k, a);
  }
  return acc;
}

function check(world: AffiliateWorld, now: number): SubAffiliateRecord[] {
  const records = world.subAffiliateRecords(now);
  const acc = expected(world, now);
  expect(records.length).toBe(acc.size);
  const shares = new Map<string, Decimal>();
  const problems: string[] = [];
  for (const r of records) {
    const k = `${r.date}|${r.subAffiliateUid}|${r.productType}`;
    const a = acc.get(k);
    if (!a) {
      problems.push(`unexpected ${k}`);
      continue;
    }
    if (!a.volume.eq(r.tradingVolume)) problems.push(`volume ${k}`);
    if (!a.fee.eq(r.netTradingFee)) problems.push(`fee ${k}`);
    // paidCommission = netTradingFee × the sub-affiliate's fixed share for the product, exactly.
    const fee = new Decimal(r.netTradingFee);
    if (fee.gt(0)) {
      const share = new Decimal(r.paidCommission).div(fee);
      const sk = `${r.subAffiliateUid}|${r.productType}`;
      const known = shares.get(sk);
      if (known && !known.eq(share)) problems.push(`share varies ${sk}`);
      shares.set(sk, share);
      if (share.decimalPlaces() > 2 || share.lte(0) || share.gte(1)) problems.push(`share ${share} ${sk}`);
    } else if (r.paidCommission !== "0") problems.push(`commission without fee ${k}`);
  }
  expect(problems).toEqual([]);
  return [...records];
}

describe("sub-affiliate records", () => {
  const world = createAffiliateWorld({ seed: 3, invitees: 500, days: 150, subAffiliates: 10, restate: true }, CREATED);

  it("equal the sums of their invitees' items, at several moments", () => {
    for (const now of [CREATED - 40 * 24 * HOUR, CREATED, CREATED + 7 * HOUR, CREATED + 50 * HOUR]) check(world, now);
  });

  it("are sorted by date then subAffiliateUid, productType, with valid fields", () => {
    const records = world.subAffiliateRecords(CREATED);
    expect(records.length).toBeGreaterThan(100);
    const subs = new Set(world.subAffiliateUids);
    const sortKey = (r: SubAffiliateRecord) => `${r.date}|${r.subAffiliateUid}|${r.productType}`;
    let unsorted = 0;
    records.forEach((r, n) => {
      if (n > 0 && !(sortKey(records[n - 1] as SubAffiliateRecord) < sortKey(r))) unsorted++;
    });
    expect(unsorted).toBe(0);
    expect(records.every((r) => subs.has(r.subAffiliateUid) && /^\d{4}-\d{2}-\d{2}$/.test(r.date))).toBe(true);
    expect(records.every((r) => new Decimal(r.tradingVolume).gt(0))).toBe(true);
  });

  it("a few sub-affiliates are large", () => {
    const volume = new Map<string, Decimal>();
    for (const r of world.subAffiliateRecords(CREATED)) {
      volume.set(r.subAffiliateUid, (volume.get(r.subAffiliateUid) ?? new Decimal(0)).plus(r.tradingVolume));
    }
    expect(volume.size).toBeGreaterThanOrEqual(5);
  });

  it("stay consistent after a forced restatement, also when asked about an earlier moment", () => {
    const w = createAffiliateWorld({ seed: 3, invitees: 500, days: 150, subAffiliates: 10, restate: false }, CREATED);
    w.restateDay(Date.UTC(2025, 5, 13), CREATED);
    check(w, CREATED);
    check(w, CREATED - 1);
    check(w, CREATED + 3 * 24 * HOUR);
  });
});
