import { describe, expect, it } from "vitest";
import { IdSequence } from "./ids";
import { makeSim, T0 } from "./test-helpers";

const TWO_53 = 2n ** 53n;

describe("ids", () => {
  it("are 18-digit bigints above 2^53, strictly increasing, deterministic per seed", () => {
    const a = new IdSequence(1);
    const b = new IdSequence(1);
    const c = new IdSequence(2);
    let prev = 0n;
    const fromC: bigint[] = [];
    for (let i = 0; i < 2000; i++) {
      const id = a.next();
      expect(id).toBeGreaterThan(TWO_53);
      expect(id.toString()).toMatch(/^\d{18}$/);
      expect(id).toBeGreaterThan(prev);
      expect(b.next()).toBe(id);
      fromC.push(c.next());
      prev = id;
    }
    expect(fromC[0]).not.toBe(new IdSequence(1).next());
  });

  it("are unique across orders and plans of a simulator, history included", () => {
    const { sim, clock } = makeSim();
    const placed: bigint[] = [];
    for (let i = 0; i < 20; i++) {
      clock.now = T0 + i * 1000;
      const r = sim.placeOrder({ symbol: "ETHUSDT", side: i % 2 ? "SELL" : "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.1", newClientOrderId: `id-${i}` });
      placed.push(BigInt(r.orderId));
    }
    const algos = sim.algoOrders({ limit: 1000 }).orders;
    const all = [...placed, ...algos.map((a) => a.algoId), ...algos.filter((a) => a.actualOrderId > 0n).map((a) => a.actualOrderId)];
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) {
      expect(id).toBeGreaterThan(TWO_53);
      expect(id.toString()).toHaveLength(18);
    }
    // Ids grow with creation: every new order id is above every seeded id.
    const maxSeeded = algos.reduce((m, a) => (a.algoId > m ? a.algoId : m), 0n);
    expect(placed.every((id) => id > maxSeeded)).toBe(true);
  });
});
