import { describe, expect, it } from "vitest";
import { makeSim, T0 } from "./test-helpers";
import type { AlgoOrder } from "./types";

const DAY = 86_400_000;

describe("algoOrders (conditional order history)", () => {
  it("starts with ~150 seeded plans over the last 120 days, in every status", () => {
    const { sim } = makeSim();
    const { orders, hasMore } = sim.algoOrders({ limit: 1000 });
    expect(hasMore).toBe(false);
    expect(orders.length).toBeGreaterThanOrEqual(120);
    expect(orders.length).toBeLessThanOrEqual(180);
    const statuses = new Set(orders.map((a) => a.algoStatus));
    expect([...statuses].sort()).toEqual(["CANCELED", "TRIGGERED", "UNTRIGGERED"]);
    for (const a of orders) {
      expect(a.createTime).toBeGreaterThanOrEqual(T0 - 120 * DAY);
      expect(a.createTime).toBeLessThan(T0);
      expect(a.updateTime).toBeGreaterThanOrEqual(a.createTime);
      expect(a.updateTime).toBeLessThanOrEqual(T0);
      if (a.algoStatus === "TRIGGERED") {
        expect(a.triggerTime).toBeGreaterThan(a.createTime);
        expect(a.actualOrderId).toBeGreaterThan(0n);
        expect(a.actualPrice).toBe(a.triggerPrice);
      } else {
        expect(a.triggerTime).toBe(0);
        expect(a.actualOrderId).toBe(0n);
      }
    }
  });

  it("lists newest first and filters by symbol and inclusive createTime bounds", () => {
    const { sim } = makeSim();
    const all = sim.algoOrders({ limit: 1000 }).orders;
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.createTime).toBeGreaterThanOrEqual(all[i]!.createTime);

    const mid = all[40]!;
    const later = all[10]!;
    const window = sim.algoOrders({ startTime: mid.createTime, endTime: later.createTime, limit: 1000 }).orders;
    expect(window.map((a) => a.algoId)).toEqual(all.slice(10, 41).map((a) => a.algoId));

    const btc = sim.algoOrders({ symbol: "BTCUSDT", limit: 1000 }).orders;
    expect(btc.length).toBeGreaterThan(0);
    expect(btc.every((a) => a.symbol === "BTCUSDT")).toBe(true);
    expect(btc.length).toBe(all.filter((a) => a.symbol === "BTCUSDT").length);
    expect(sim.algoOrders({ symbol: "NOPEUSDT", limit: 10 })).toEqual({ orders: [], hasMore: false });
  });

  it("has an exact hasMore over successive pages", () => {
    const { sim } = makeSim();
    const all = sim.algoOrders({ limit: 1000 }).orders;
    for (const limit of [1, 7, 50]) {
      const seen: AlgoOrder[] = [];
      let endTime: number | undefined = undefined;
      for (;;) {
        const page: { orders: AlgoOrder[]; hasMore: boolean } = sim.algoOrders({ endTime, limit });
        const remaining = all.filter((a) => endTime === undefined || a.createTime <= endTime).length;
        expect(page.orders.length).toBe(Math.min(limit, remaining));
        expect(page.hasMore).toBe(remaining > limit);
        seen.push(...page.orders);
        if (!page.hasMore) break;
        endTime = page.orders[page.orders.length - 1]!.createTime - 1;
      }
      expect(seen.map((a) => a.algoId)).toEqual(all.map((a) => a.algoId));
    }
    // A limit equal to the number of matches: everything, and nothing more.
    expect(sim.algoOrders({ limit: all.length }).hasMore).toBe(false);
    expect(sim.algoOrders({ limit: all.length - 1 }).hasMore).toBe(true);
  });

  it("returns copies: callers cannot alter the simulator's records", () => {
    const { sim } = makeSim();
    const first = sim.algoOrders({ limit: 1 }).orders[0]!;
    first.algoStatus = "CANCELED";
    first.quantity = "999";
    const again = sim.algoOrders({ limit: 1 }).orders[0]!;
    expect(again.quantity).not.toBe("999");
  });

  it("has consistent seeded contract orders behind the history", () => {
    const { sim } = makeSim();
    for (const a of sim.algoOrders({ limit: 1000 }).orders.filter((x) => x.algoStatus === "TRIGGERED")) {
      const o = sim.getOrder(a.actualOrderId);
      expect(o).toMatchObject({ status: "FILLED", avgPrice: a.triggerPrice, executedQty: a.quantity, reduceOnly: true, side: a.side, positionSide: a.positionSide, time: a.triggerTime, symbol: a.symbol });
    }
  });
});
