import { describe, expect, it } from "vitest";
import { SANDBOX_SYMBOLS } from "../data/symbols";
import { Dec } from "./decimal";
import { displayDigitMerge, symbolDefinitions } from "./symbol-definitions";

describe("symbolDefinitions", () => {
  it("lists every sandbox symbol with every field of 2.6 plus tickSize and stepSize", () => {
    const defs = symbolDefinitions();
    expect(defs.map((d) => d.symbol)).toEqual(SANDBOX_SYMBOLS.map((s) => s.symbol));
    const keys = [
      "symbol", "status", "baseAsset", "baseAssetPrecision", "quoteAsset", "quoteAssetPrecision",
      "minTradeAmount", "maxTradeAmount", "takerFeeRate", "makerFeeRate", "buyLimitPriceRatio",
      "sellLimitPriceRatio", "marketBuyLimitSize", "marketSellLimitSize", "marketFallbackPriceRatio",
      "enableTrade", "enableDisplay", "displayDigitMerge", "displayNew", "displayHot", "tickSize", "stepSize",
    ].sort();
    for (const d of defs) {
      expect(Object.keys(d).sort()).toEqual(keys);
      expect(d.status).toBe("TRADING");
      expect(typeof d.baseAssetPrecision).toBe("number");
      expect(typeof d.quoteAssetPrecision).toBe("number");
      expect(d.takerFeeRate).toBe("0.001");
      expect(d.makerFeeRate).toBe("0.001");
      expect(new Dec(d.marketBuyLimitSize).mod(d.stepSize).isZero()).toBe(true);
      expect(new Dec(d.marketBuyLimitSize).gt(d.minTradeAmount)).toBe(true);
      expect(d.displayDigitMerge.split(",")[0]).toBe(d.tickSize);
    }
  });

  it("merges depth at 1, 10 and 100 ticks", () => {
    expect(displayDigitMerge("0.1")).toBe("0.1,1,10");
    expect(displayDigitMerge("0.00001")).toBe("0.00001,0.0001,0.001");
    expect(displayDigitMerge("1")).toBe("1,10,100");
  });
});
