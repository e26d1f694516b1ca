/** exchangeInfo symbol definitions (2.6), derived from the shared sandbox symbol list. */
import { SANDBOX_SYMBOLS, type SandboxSymbol } from "../data/symbols";
import { Dec, fmt } from "./decimal";
import { SPOT_MAKER_FEE_RATE, SPOT_TAKER_FEE_RATE } from "./fees";
import type { SymbolDefinition } from "./types";

const HOT = new Set(["BTCUSDT", "ETHUSDT", "SOLUSDT"]);
const NEW = new Set(["AVAXUSDT"]);

/** Depth merge levels: the tick, then ten and a hundred ticks ("0.1,1,10"). */
export function displayDigitMerge(tickSize: string): string {
  const tick = new Dec(tickSize);
  return [tick, tick.times(10), tick.times(100)].map((d) => fmt(d)).join(",");
}

export function symbolDefinition(s: SandboxSymbol): SymbolDefinition {
  // Market orders may take a tenth of the maximum order size.
  const marketLimit = fmt(new Dec(s.maxTradeAmount).div(10).toNearest(s.stepSize));
  return {
    symbol: s.symbol,
    status: "TRADING",
    baseAsset: s.baseAsset,
    baseAssetPrecision: s.baseAssetPrecision,
    quoteAsset: s.quoteAsset,
    quoteAssetPrecision: s.quoteAssetPrecision,
    minTradeAmount: s.minTradeAmount,
    maxTradeAmount: s.maxTradeAmount,
    takerFeeRate: SPOT_TAKER_FEE_RATE,
    makerFeeRate: SPOT_MAKER_FEE_RATE,
    buyLimitPriceRatio: "0.05",
    sellLimitPriceRatio: "0.05",
    marketBuyLimitSize: marketLimit,
    marketSellLimitSize: marketLimit,
    marketFallbackPriceRatio: "0.03",
    enableTrade: true,
    enableDisplay: true,
    displayDigitMerge: displayDigitMerge(s.tickSize),
    displayNew: NEW.has(s.symbol),
    displayHot: HOT.has(s.symbol),
    tickSize: s.tickSize,
    stepSize: s.stepSize,
  };
}

/** Every sandbox symbol, in the order of the shared list. */
export function symbolDefinitions(): SymbolDefinition[] {
  return SANDBOX_SYMBOLS.map(symbolDefinition);
}
