import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { createAffiliateWorld } from "./index";
import type { AffiliateWorld, TradeAndAssetQuery, TradeAndAssetRecord } from "./types";

const CREATED = Date.UTC(2025, 5, 15, 13, 30);
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The T&A record recomputed from the visible items (by date, inclusive bounds). */
function fromItems(world: AffiliateWorld, now: number, q: TradeAndAssetQuery) {
  const lo = q.startTime ?? -Infinity;
  const hi = q.endTime ?? Infinity;
  const out = new Map<string, { spot: Decimal; futures: Decimal; commission: Decimal }>();
  for (const i of world.commissionItems(now)) {
    if (i.date < lo || i.date > hi) continue;
    if (q.uid !== undefined && i.uid !== q.uid) continue;
    const t = out.get(i.uid) ?? { spot: new Decimal(0), futures: new Decimal(0), commission: new Decimal(0) };
    const v = new Decimal(i.takerAmount).plus(i.makerAmount);
    if (i.productType === "SPOT") t.spot = t.spot.plus(v);
    else t.futures = t.futures.plus(v);
    if (i.coin === "USDT") t.commission = t.commission.plus(i.commission);
    out.set(i.uid, t);
  }
  return out;
}

function check(world: AffiliateWorld, now: number, q: TradeAndAssetQuery): TradeAndAssetRecord[] {
  const records = world.tradeAndAsset(now, q);
  const expected = fromItems(world, now, q);
  const byUid = new Map(records.map((r) => [r.uid, r]));
  const problems: string[] = [];
  for (const [uid, t] of expected) {
    const r = byUid.get(uid);
    if (!r) {
      problems.push(`missing ${uid}`);
      continue;
    }
    if (!t.spot.eq(r.spotTradingAmount)) problems.push(`spot ${uid}`);
    if (!t.futures.eq(r.futuresTradingAmount)) problems.push(`futures ${uid}`);
    if (!t.commission.eq(r.commission)) problems.push(`commission ${uid} ${t.commission} ${r.commission}`);
  }
  for (const r of records) {
    if (!expected.has(r.uid)) {
      // Only money movements: no trading in range.
      if (r.spotTradingAmount !== "0" || r.futuresTradingAmount !== "0" || r.commission !== "0") problems.push(`extra ${r.uid}`);
      if (r.depositAmount === "0" && r.withdrawalAmount === "0") problems.push(`no activity ${r.uid}`);
    }
  }
  expect(problems).toEqual([]);
  const uids = records.map((r) => r.uid);
  expect(uids).toEqual([...uids].sort());
  return records;
}

describe("trade and asset", () => {
  const world = createAffiliateWorld({ seed: 5, invitees: 500, days: 150, subAffiliates: 6, restate: true }, CREATED);
  const now = CREATED + 6 * HOUR;

  it("equals the sums of the user's items over the same range (USDT commissions only)", () => {
    check(world, now, {});
    check(world, now, { startTime: CREATED - 90 * DAY, endTime: now });
    check(world, now, { startTime: Date.UTC(2025, 5, 1), endTime: Date.UTC(2025, 5, 10) });
    check(world, now, { startTime: Date.UTC(2025, 5, 1) + 1, endTime: Date.UTC(2025, 5, 10) - 1 });
    check(world, now, { startTime: now - 2 * DAY });
    check(world, now, { endTime: CREATED - 100 * DAY });
    check(world, CREATED - 20 * DAY, { startTime: CREATED - 60 * DAY });
  });

  it("filters by uid", () => {
    const all = world.tradeAndAsset(now, {});
    const some = all.find((r) => r.futuresTradingAmount !== "0");
    expect(some).toBeDefined();
    if (!some) return;
    const one = check(world, now, { uid: some.uid });
    expect(one).toEqual([some]);
    expect(world.tradeAndAsset(now, { uid: "123" })).toEqual([]);
  });

  it("deposits and withdrawals follow the invitees' deposit events; net positive", () => {
    const users = new Map(world.invitedUsers(now).map((u) => [u.uid, u]));
    const all = world.tradeAndAsset(now, {});
    expect(all.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const r of all) {
      const u = users.get(r.uid);
      if (!u) {
        problems.push(`unknown ${r.uid}`);
        continue;
      }
      if (u.firstDeposit === null) problems.push(`no deposit yet ${r.uid}`);
      if (!new Decimal(r.depositAmount).gt(r.withdrawalAmount)) problems.push(`net ${r.uid}`);
    }
    expect(problems).toEqual([]);
    // Bounds are inclusive: a window of exactly one first-deposit instant contains it.
    const u = [...users.values()].find((x) => x.firstDeposit !== null);
    if (u?.firstDeposit) {
      const rec = world.tradeAndAsset(now, { uid: u.uid, startTime: u.firstDeposit, endTime: u.firstDeposit });
      expect(rec).toHaveLength(1);
      expect(new Decimal(rec[0]?.depositAmount ?? 0).gt(0)).toBe(true);
    }
  });

  it("stays consistent after a forced restatement, before and after it", () => {
    const w = createAffiliateWorld({ seed: 5, invitees: 500, days: 150, subAffiliates: 6, restate: false }, CREATED);
    const before = w.tradeAndAsset(CREATED, { startTime: CREATED - 10 * DAY });
    expect(w.restateDay(Date.UTC(2025, 5, 12), CREATED)).toBeGreaterThan(0);
    const after = check(w, CREATED, { startTime: CREATED - 10 * DAY });
    expect(after).not.toEqual(before);
    expect(check(w, CREATED - 1, { startTime: CREATED - 10 * DAY })).toEqual(before);
    check(w, CREATED + 5 * DAY, {});
  });
});
