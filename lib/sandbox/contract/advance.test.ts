import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { priceAt } from "../data/price-walk";
import { makeSim, SEED, T0 } from "./test-helpers";

const DAY = 86_400_000;

describe("advancing time", () => {
  it("keeps a long idle gap cheap, with live orders and plans", () => {
    const { sim, clock } = makeSim();
    const current = new Decimal(priceAt(SEED, "SOLUSDT", T0));
    sim.placeOrder({ symbol: "SOLUSDT", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", price: current.times(0.1).toFixed(2), quantity: "1", newClientOrderId: "far" });
    sim.placeTpSl({ symbol: "SOLUSDT", clientAlgoId: "far-tp", planType: "TAKE_PROFIT", triggerPrice: current.times(10).toFixed(2), quantity: "1", positionSide: "LONG" });
    clock.now = T0 + 200 * DAY;
    const started = performance.now();
    const page = sim.algoOrders({ symbol: "SOLUSDT", limit: 1 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(page.orders[0]).toMatchObject({ clientAlgoId: "far-tp", algoStatus: "UNTRIGGERED" });
  });

  it("stamps calls at the last processed instant when the clock goes backwards", () => {
    const { sim, clock } = makeSim();
    clock.now = T0 + 10_000;
    sim.position("BTCUSDT", "LONG");
    clock.now = T0 + 5_000;
    const r = sim.placeOrder({ symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.001", newClientOrderId: "back" });
    expect(sim.getOrder(BigInt(r.orderId))).toMatchObject({ time: T0 + 10_000, status: "FILLED" });
  });
});
