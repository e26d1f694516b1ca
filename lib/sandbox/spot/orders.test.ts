import { describe, expect, it } from "vitest";
import { createSpotAccount } from "./account";
import { orderViolations } from "./invariants";

const CREATED = Date.UTC(2025, 4, 20, 9, 30);
const DAY = 86_400_000;
const account = createSpotAccount({ seed: 7, uid: "1", createdAt: CREATED, days: 90, batchEnabled: false });

describe("spot orders", () => {
  it("cover every status and both types, within the history window, ids increasing with time", () => {
    const orders = account.orders();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["NEW", "PARTIALLY_FILLED", "FILLED", "CANCELED"]));
    expect(new Set(orders.map((o) => o.type))).toEqual(new Set(["LIMIT", "MARKET"]));
    expect(new Set(orders.map((o) => o.side))).toEqual(new Set(["BUY", "SELL"]));
    expect(new Set(orders.map((o) => o.timeInForce))).toEqual(new Set(["GTC"]));
    for (let i = 1; i < orders.length; i++) {
      const [a, b] = [orders[i - 1], orders[i]];
      expect(a!.orderId < b!.orderId).toBe(true);
      expect(a!.time <= b!.time).toBe(true);
    }
    for (const o of orders) {
      expect(o.time).toBeGreaterThanOrEqual(CREATED - 90 * DAY);
      expect(o.updateTime).toBeLessThan(CREATED);
    }
    expect(new Set(orders.map((o) => o.clientOrderId)).size).toBe(orders.length);
  });

  it("hold the status invariants", () => {
    expect(account.orders().flatMap(orderViolations)).toEqual([]);
  });

  it("openOrders lists NEW and PARTIALLY_FILLED, optionally by symbol", () => {
    const open = account.openOrders();
    expect(open.length).toBeGreaterThan(0);
    expect(open).toEqual(account.orders().filter((o) => o.isWorking));
    expect(open.every((o) => o.status === "NEW" || o.status === "PARTIALLY_FILLED")).toBe(true);
    const btc = account.openOrders("BTCUSDT");
    expect(btc).toEqual(open.filter((o) => o.symbol === "BTCUSDT"));
    expect(account.openOrders("NOPEUSDT")).toEqual([]);
  });

  it("findOrder by orderId or origClientOrderId", () => {
    const o = account.orders()[17]!;
    expect(account.findOrder({ orderId: o.orderId })).toBe(o);
    expect(account.findOrder({ origClientOrderId: o.clientOrderId })).toBe(o);
    expect(account.findOrder({ orderId: o.orderId, origClientOrderId: "other" })).toBe(o);
    expect(account.findOrder({ orderId: 1n })).toBeUndefined();
    expect(account.findOrder({})).toBeUndefined();
  });

  it("allOrders filters by time inclusively, oldest first, and pages", () => {
    const all = account.orders().filter((o) => o.symbol === "BTCUSDT");
    expect(all.length).toBeGreaterThan(20);
    const mid = all[10]!;
    const last = all[all.length - 5]!;
    const window = all.filter((o) => o.time >= mid.time && o.time <= last.time);
    const q = { symbol: "BTCUSDT", startTime: mid.time, endTime: last.time };
    expect(account.allOrders({ ...q, limit: 1000, page: 1 })).toEqual(window);
    expect(account.allOrders({ ...q, limit: 1000, page: 1 })[0]).toBe(mid);
    const paged = [];
    for (let page = 1; ; page++) {
      const chunk = account.allOrders({ ...q, limit: 7, page });
      paged.push(...chunk);
      if (chunk.length < 7) break;
    }
    expect(paged).toEqual(window);
    expect(account.allOrders({ symbol: "BTCUSDT", limit: 1000, page: 1 })).toEqual(all);
    expect(account.allOrders({ symbol: "BTCUSDT", limit: 5, page: 2 })).toEqual(all.slice(5, 10));
    expect(account.allOrders({ symbol: "BTCUSDT", startTime: CREATED, limit: 100, page: 1 })).toEqual([]);
    expect(account.allOrders({ symbol: "NOPE", limit: 100, page: 1 })).toEqual([]);
  });
});
