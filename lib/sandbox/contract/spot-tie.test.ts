/**
 * The contract simulator trades at prices tied to the spot 24 h ticker of the
 * same symbol (the interface's only price a trader can see), as the world wires
 * them: the account's seed for history and ids, the market's seed for prices.
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { ticker24h } from "../market/ticker";
import { createContractSimulator } from "./simulator";
import { T0 } from "./test-helpers";

const MARKET_SEED = 42;
const ACCOUNT_SEED = 1_302_177;
const SECOND = 1000;
const DAY = 86_400_000;

function world(start: number) {
  const clock = { now: start };
  const sim = createContractSimulator({ seed: ACCOUNT_SEED, marketSeed: MARKET_SEED, now: () => clock.now });
  return { sim, clock };
}

const tickOf = (symbol: string): string => (symbol === "BTCUSDT" ? "0.1" : "0.01");

describe("contract prices follow the spot ticker", () => {
  for (const [symbol, dayOffset] of [
    ["BTCUSDT", 0],
    ["BTCUSDT", 137],
    ["ETHUSDT", 251],
  ] as const) {
    it(`rests a BUY limit 1 % under the ticker's last and a SELL limit 1 % over it (${symbol}, day ${dayOffset})`, () => {
      const start = T0 + dayOffset * DAY;
      const { sim, clock } = world(start);
      const last = new Decimal(ticker24h(MARKET_SEED, symbol, start).lastPrice);
      const tick = tickOf(symbol);
      const buy = sim.placeOrder({
        symbol, side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", quantity: "0.01",
        price: last.times(0.99).toNearest(tick, Decimal.ROUND_DOWN).toFixed(), newClientOrderId: `buy-${dayOffset}`,
      });
      const sell = sim.placeOrder({
        symbol, side: "SELL", positionSide: "SHORT", type: "LIMIT", timeInForce: "GTC", quantity: "0.01",
        price: last.times(1.01).toNearest(tick, Decimal.ROUND_UP).toFixed(), newClientOrderId: `sell-${dayOffset}`,
      });
      expect(buy.success).toBe(true);
      expect(sell.success).toBe(true);
      clock.now = start + 30 * SECOND;
      expect(sim.getOrder(BigInt(buy.orderId))?.status).toBe("NEW");
      expect(sim.getOrder(BigInt(sell.orderId))?.status).toBe("NEW");
      const canceled = sim.cancelBatch({ orderIdList: [BigInt(buy.orderId), BigInt(sell.orderId)] });
      expect(canceled.map((r) => r.success)).toEqual([true, true]);
    });
  }

  it("accepts a stop-loss 10 % under the ticker's last on a long, and fills a market order within 0.3 % of it", () => {
    const { sim } = world(T0 + 33 * DAY);
    const last = new Decimal(ticker24h(MARKET_SEED, "BTCUSDT", T0 + 33 * DAY).lastPrice);
    const placed = sim.placeOrder({
      symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.002",
      newClientOrderId: "mkt-1", slTriggerPrice: last.times(0.9).toNearest("0.1").toFixed(), SlWorkingType: "MARK_PRICE",
    });
    expect(placed).toMatchObject({ success: true, errorCode: "" });
    const order = sim.getOrder(BigInt(placed.orderId));
    expect(order?.status).toBe("FILLED");
    const basis = new Decimal(order?.avgPrice ?? "0").div(last).minus(1).abs();
    expect(basis.lte(0.003)).toBe(true);
  });
});
