import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { createAffiliateWorld } from "./index";
import type { CommissionRecord } from "./types";

const CREATED = Date.UTC(2025, 5, 15, 13, 30);
const DAY = 86_400_000;

const world = createAffiliateWorld({ seed: 11, invitees: 500, days: 150, subAffiliates: 8, restate: true }, CREATED);
const now = CREATED + 5 * 3_600_000;
const items = world.commissionItems(now);

function key(i: CommissionRecord): string {
  return [i.uid, i.date, i.coin, i.productType, i.symbol].join("|");
}

describe("commission items", () => {
  it("has a realistic amount of items", () => {
    expect(items.length).toBeGreaterThan(2_000);
  });

  it("commission = fee × rate exactly for every item", () => {
    const bad = items.filter((i) => !new Decimal(i.fee).times(i.rate).eq(i.commission));
    expect(bad).toEqual([]);
  });

  it("uses plain decimal strings and sane values", () => {
    const plain = /^\d+(\.\d+)?$/;
    const bad = items.filter((i) => {
      const rate = new Decimal(i.rate);
      return !(
        [i.fee, i.commission, i.rate, i.takerAmount, i.makerAmount].every((v) => plain.test(v)) &&
        new Decimal(i.fee).gt(0) &&
        new Decimal(i.fee).decimalPlaces() <= 8 &&
        new Decimal(i.takerAmount).plus(i.makerAmount).gt(0) &&
        rate.gte(0) &&
        rate.lte(i.productType === "SPOT" ? "0.5" : "0.8") &&
        rate.decimalPlaces() <= 4 &&
        i.date % DAY === 0 &&
        i.availableAt > i.date &&
        i.availableAt <= now &&
        (i.coin === "USDT" || i.coin === "BTC") &&
        (i.sourceType === 1 || i.sourceType === 2)
      );
    });
    expect(bad).toEqual([]);
  });

  it("has one item per natural key, sorted by date, uid, productType, coin, symbol", () => {
    const keys = new Set(items.map(key));
    expect(keys.size).toBe(items.length);
    const sortKey = (i: CommissionRecord) => [String(i.date).padStart(15, "0"), i.uid, i.productType, i.coin, i.symbol].join("|");
    let unsorted = 0;
    for (let n = 1; n < items.length; n++) {
      if (!(sortKey(items[n - 1] as CommissionRecord) < sortKey(items[n] as CommissionRecord))) unsorted++;
    }
    expect(unsorted).toBe(0);
  });

  it("mixes products, coins and zero-rate items; BTC and ETH dominate", () => {
    expect(items.some((i) => i.productType === "SPOT")).toBe(true);
    expect(items.some((i) => i.productType === "FUTURES")).toBe(true);
    const btc = items.filter((i) => i.coin === "BTC").length;
    expect(btc).toBeGreaterThan(0);
    expect(btc).toBeLessThan(items.length * 0.3);
    const zero = items.filter((i) => i.rate === "0");
    expect(zero.length).toBeGreaterThan(0);
    for (const z of zero) expect(z.commission).toBe("0");
    const volumeBy = new Map<string, Decimal>();
    for (const i of items) {
      volumeBy.set(i.symbol, (volumeBy.get(i.symbol) ?? new Decimal(0)).plus(i.takerAmount).plus(i.makerAmount));
    }
    const ranked = [...volumeBy].sort((a, b) => b[1].cmp(a[1])).map(([s]) => s);
    expect(ranked.slice(0, 3)).toEqual(expect.arrayContaining(["BTCUSDT", "ETHUSDT"]));
  });

  it("direct invitees have sourceType 1, sub-affiliate invitees 2", () => {
    const users = new Map(world.invitedUsers(now).map((u) => [u.uid, u]));
    const bad = items.filter((i) => {
      const u = users.get(i.uid);
      return !u || i.sourceType !== (u.subAffiliateUid === null ? 1 : 2);
    });
    expect(bad).toEqual([]);
  });
});
