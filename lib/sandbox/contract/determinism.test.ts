import { describe, expect, it } from "vitest";
import { priceAt } from "../data/price-walk";
import { createContractSimulator } from "./simulator";
import { T0 } from "./test-helpers";

/** A fixed script of calls against a scripted clock; returns everything the simulator answered. */
function run(seed: number): unknown[] {
  let now = T0;
  const sim = createContractSimulator({ seed, now: () => now });
  const out: unknown[] = [];
  const btc = Number(priceAt(seed, "BTCUSDT", T0));
  const eth = Number(priceAt(seed, "ETHUSDT", T0));
  out.push(sim.placeOrder({ symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: "d1", tpTriggerPrice: (btc * 1.002).toFixed(1), slTriggerPrice: (btc * 0.998).toFixed(1) }));
  now += 5_000;
  out.push(sim.placeOrder({ symbol: "ETHUSDT", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", price: (eth * 0.999).toFixed(2), quantity: "1", newClientOrderId: "d2" }));
  out.push(sim.placeOrder({ symbol: "ETHUSDT", side: "SELL", positionSide: "SHORT", type: "LIMIT", timeInForce: "GTC", price: (eth * 1.001).toFixed(2), quantity: "1", newClientOrderId: "d3" }));
  out.push(sim.placeTpSl({ symbol: "ETHUSDT", clientAlgoId: "d4", planType: "STOP_LOSS", triggerPrice: (eth * 1.002).toFixed(2), quantity: "1", positionSide: "SHORT", triggerPriceType: "MARK_PRICE" }));
  for (let step = 0; step < 12; step++) {
    now += 7 * 60_000;
    out.push(sim.position("ETHUSDT", "LONG"), sim.position("BTCUSDT", "LONG"));
  }
  now += 3 * 86_400_000; // a long idle gap
  out.push(sim.cancelBatch({ origClientOrderIdList: ["d2", "d3", "zz"] }));
  out.push(sim.algoOrders({ limit: 1000 }));
  const ids = out
    .flatMap((x) => (Array.isArray(x) ? x : [x]))
    .map((x) => (x && typeof x === "object" && "orderId" in x ? x.orderId : undefined))
    .filter((id): id is string => typeof id === "string" && id !== "");
  out.push(ids.map((id) => sim.getOrder(BigInt(id))));
  return out;
}

describe("determinism", () => {
  it("answers the same to the same seed, call sequence and clock", () => {
    const a = run(77);
    const b = run(77);
    expect(b).toEqual(a);
    expect(JSON.stringify(a, (_k, v) => (typeof v === "bigint" ? v.toString() : v))).toBe(
      JSON.stringify(b, (_k, v) => (typeof v === "bigint" ? v.toString() : v)),
    );
  });

  it("answers differently to another seed", () => {
    expect(run(78)).not.toEqual(run(77));
  });
});
