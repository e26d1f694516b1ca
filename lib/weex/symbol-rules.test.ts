import { describe, expect, it } from "vitest";
import { checkOrderRules, type SymbolRules } from "./symbol-rules";

const BTC: SymbolRules = {
  symbol: "BTCUSDT",
  baseAssetPrecision: 5,
  quoteAssetPrecision: 1,
  minTradeAmount: "0.00001",
  maxTradeAmount: "1000",
  buyLimitPriceRatio: "0.05",
  sellLimitPriceRatio: "0.05",
  marketBuyLimitSize: "100",
  marketSellLimitSize: "100",
  tickSize: "0.1",
  stepSize: "0.00001",
};
const GRID: SymbolRules = { ...BTC, symbol: "XUSDT", baseAssetPrecision: 3, quoteAssetPrecision: 2, tickSize: "0.05", stepSize: "0.005", minTradeAmount: "0.01" };

const limitBuy = (quantity: string, price: string) => ({ side: "BUY" as const, type: "LIMIT" as const, quantity, price });
const codes = (ps: ReturnType<typeof checkOrderRules>) => ps.map((p) => [p.field, p.code]);

describe("checkOrderRules", () => {
  it("passes an order on the grid, within the range and the ratio", () => {
    expect(checkOrderRules(limitBuy("0.010", "65000.0"), BTC, "66000.5")).toEqual([]);
    expect(checkOrderRules({ side: "SELL", type: "MARKET", quantity: "0.5" }, BTC)).toEqual([]);
  });

  it("refuses the issue's orders: too many decimals in quantity and price (-1160)", () => {
    expect(codes(checkOrderRules(limitBuy("0.0000001", "65000.123"), BTC))).toEqual([["quantity", -1160], ["price", -1160]]);
    const p = checkOrderRules(limitBuy("0.0100000000000000000001", "65000"), BTC);
    expect(codes(p)).toEqual([["quantity", -1160]]);
    expect(p[0]?.msg).toContain("22 decimal places; at most 5");
  });

  it("refuses quantities out of range (-1140), and a huge one", () => {
    expect(codes(checkOrderRules(limitBuy("1000000000000000000000000000000", "65000"), BTC))).toEqual([["quantity", -1140]]);
    expect(checkOrderRules(limitBuy("1000.00001", "65000"), BTC)[0]?.msg).toContain("above the maximum 1000");
    expect(codes(checkOrderRules(limitBuy("0.005", "10.00"), GRID))).toEqual([["quantity", -1140]]);
    expect(codes(checkOrderRules({ side: "BUY", type: "MARKET", quantity: "100.00001" }, BTC))).toEqual([["quantity", -1140]]);
    expect(checkOrderRules({ side: "BUY", type: "MARKET", quantity: "100" }, BTC)).toEqual([]);
  });

  it("checks the tick and step grid beyond decimal places", () => {
    expect(checkOrderRules(limitBuy("0.015", "10.05"), GRID)).toEqual([]);
    const p = checkOrderRules(limitBuy("0.013", "10.07"), GRID);
    expect(codes(p)).toEqual([["quantity", -1160], ["price", -1160]]);
    expect(p[1]?.msg).toBe("price 10.07 is not a multiple of the tick size 0.05");
  });

  it("limits how far a limit may cross the reference price, one-sided", () => {
    expect(checkOrderRules(limitBuy("0.01", "63000.0"), BTC, "60000")).toEqual([]);
    expect(codes(checkOrderRules(limitBuy("0.01", "63000.1"), BTC, "60000"))).toEqual([["price", -1140]]);
    expect(checkOrderRules(limitBuy("0.01", "1.0"), BTC, "60000")).toEqual([]); // resting far below is allowed
    const sell = (price: string) => checkOrderRules({ side: "SELL", type: "LIMIT", quantity: "0.01", price }, BTC, "60000");
    expect(sell("57000.0")).toEqual([]);
    expect(codes(sell("56999.9"))).toEqual([["price", -1140]]);
    expect(sell("90000.0")).toEqual([]);
  });

  it("checks trigger prices on the tick grid, skipping absent and zero ones", () => {
    const order = { ...limitBuy("0.01", "65000"), otherPrices: { tpTriggerPrice: "70000.15", slTriggerPrice: undefined, executePrice: "0" } };
    expect(codes(checkOrderRules(order, BTC))).toEqual([["tpTriggerPrice", -1160]]);
  });

  it("refuses text that is not a positive decimal without throwing", () => {
    expect(codes(checkOrderRules(limitBuy("1e3", "-5"), BTC))).toEqual([["quantity", -1142], ["price", -1142]]);
    expect(codes(checkOrderRules(limitBuy("0", "0"), BTC))).toEqual([["quantity", -1142], ["price", -1142]]);
  });
});
