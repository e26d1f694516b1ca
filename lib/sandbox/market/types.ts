/** Shapes of the sandbox's public market data (interface sections 2.6 and 2.7, plus the addendum). */

/** Symbol definition of exchangeInfo (2.6) plus tickSize and stepSize (addendum). */
export interface SymbolDefinition {
  symbol: string;
  status: "TRADING";
  baseAsset: string;
  baseAssetPrecision: number;
  quoteAsset: string;
  quoteAssetPrecision: number;
  minTradeAmount: string;
  maxTradeAmount: string;
  takerFeeRate: string;
  makerFeeRate: string;
  buyLimitPriceRatio: string;
  sellLimitPriceRatio: string;
  marketBuyLimitSize: string;
  marketSellLimitSize: string;
  marketFallbackPriceRatio: string;
  enableTrade: boolean;
  enableDisplay: boolean;
  displayDigitMerge: string;
  displayNew: boolean;
  displayHot: boolean;
  tickSize: string;
  stepSize: string;
}

/** 24h ticker (2.7). priceChangePercent is a fraction ("-0.033811" = -3.38 %), 6 decimals. */
export interface Ticker24h {
  symbol: string;
  priceChange: string;
  priceChangePercent: string;
  lastPrice: string;
  bidPrice: string;
  bidQty: string;
  askPrice: string;
  askQty: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  volume: string;
  quoteVolume: string;
  openTime: number;
  closeTime: number;
  count: number;
}
