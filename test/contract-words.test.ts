import { describe, expect, it } from "vitest";
import { notionalOf, orderSentence, statusWords } from "@/app/(dashboard)/orders/contract-words";

describe("contract orders in words", () => {
  it("reads a limit order with TP/SL as the issue's sentence", () => {
    const order = {
      symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "LIMIT", quantity: "0.010", price: "65000.0", timeInForce: "GTC",
      tpTriggerPrice: "70000", TpWorkingType: "MARK_PRICE", slTriggerPrice: "60000", SlWorkingType: "MARK_PRICE",
    };
    expect(orderSentence(order, "USDT")).toBe(
      "Buy 0.010 BTCUSDT LONG, limit 65,000.0, notional ≈ 650 USDT; take profit 70,000 on mark price; stop loss 60,000 on mark price",
    );
  });

  it("prices a market order's notional at the reference price, and says so", () => {
    const order = { symbol: "ETHUSDT", side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "0.5" };
    expect(orderSentence(order, "USDT", "3512.37")).toBe("Sell 0.5 ETHUSDT SHORT, at market, notional ≈ 1,756.19 USDT at the reference price");
    expect(orderSentence(order, "USDT")).toBe("Sell 0.5 ETHUSDT SHORT, at market");
  });

  it("multiplies exactly, without floats", () => {
    expect(notionalOf("0.1", "0.2")?.toFixed()).toBe("0.02");
    expect(notionalOf("0.0100000000000000000001", "65000")?.toFixed()).toBe("650.0000000000000000065");
    expect(notionalOf("1e3", "5")).toBeNull();
  });

  it("says what happened to an order", () => {
    expect(statusWords({ status: "FILLED", avgPrice: "66012.3" })).toEqual({ text: "Filled at an average price of 66,012.3", tone: "ok" });
    expect(statusWords({ status: "FILLED", avgPrice: "68414.0" }).text).toBe("Filled at an average price of 68,414.0");
    expect(statusWords({ status: "NEW", avgPrice: "0" }).text).toMatch(/^Resting \(NEW\)/);
    expect(statusWords({ status: "PARTIALLY_FILLED", executedQty: "0.4", origQty: "1", avgPrice: "10" }).text).toBe("Partially filled: 0.4 of 1 at an average price of 10");
    expect(statusWords({ status: "CANCELED" })).toEqual({ text: "Cancelled", tone: "warn" });
  });
});
