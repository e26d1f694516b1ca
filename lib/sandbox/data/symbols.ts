/**
 * The sandbox's trading pairs: realistic reference prices, tick and step sizes.
 * Shared by the market data, the spot order history and the contract simulator
 * (contract symbols use the spot format, e.g. BTCUSDT).
 */
export interface SandboxSymbol {
  symbol: string;
  baseAsset: string;
  quoteAsset: string;
  /** Reference price the generators and the mark-price walk start from (decimal string). */
  referencePrice: string;
  tickSize: string;
  stepSize: string;
  baseAssetPrecision: number;
  quoteAssetPrecision: number;
  minTradeAmount: string;
  maxTradeAmount: string;
  /** Relative share of trading volume; BTC and ETH dominate. */
  volumeWeight: number;
  /** Daily volatility used by price walks (fraction). */
  dailyVolatility: number;
}

export const SANDBOX_SYMBOLS: readonly SandboxSymbol[] = [
  { symbol: "BTCUSDT", baseAsset: "BTC", quoteAsset: "USDT", referencePrice: "67250.5", tickSize: "0.1", stepSize: "0.00001", baseAssetPrecision: 5, quoteAssetPrecision: 1, minTradeAmount: "0.00001", maxTradeAmount: "1000", volumeWeight: 40, dailyVolatility: 0.025 },
  { symbol: "ETHUSDT", baseAsset: "ETH", quoteAsset: "USDT", referencePrice: "3512.37", tickSize: "0.01", stepSize: "0.0001", baseAssetPrecision: 4, quoteAssetPrecision: 2, minTradeAmount: "0.0001", maxTradeAmount: "10000", volumeWeight: 25, dailyVolatility: 0.03 },
  { symbol: "SOLUSDT", baseAsset: "SOL", quoteAsset: "USDT", referencePrice: "148.62", tickSize: "0.01", stepSize: "0.001", baseAssetPrecision: 3, quoteAssetPrecision: 2, minTradeAmount: "0.001", maxTradeAmount: "100000", volumeWeight: 8, dailyVolatility: 0.045 },
  { symbol: "XRPUSDT", baseAsset: "XRP", quoteAsset: "USDT", referencePrice: "0.5231", tickSize: "0.0001", stepSize: "0.1", baseAssetPrecision: 1, quoteAssetPrecision: 4, minTradeAmount: "0.1", maxTradeAmount: "10000000", volumeWeight: 6, dailyVolatility: 0.04 },
  { symbol: "DOGEUSDT", baseAsset: "DOGE", quoteAsset: "USDT", referencePrice: "0.12874", tickSize: "0.00001", stepSize: "1", baseAssetPrecision: 0, quoteAssetPrecision: 5, minTradeAmount: "1", maxTradeAmount: "50000000", volumeWeight: 5, dailyVolatility: 0.055 },
  { symbol: "BNBUSDT", baseAsset: "BNB", quoteAsset: "USDT", referencePrice: "584.3", tickSize: "0.1", stepSize: "0.001", baseAssetPrecision: 3, quoteAssetPrecision: 1, minTradeAmount: "0.001", maxTradeAmount: "50000", volumeWeight: 4, dailyVolatility: 0.028 },
  { symbol: "ADAUSDT", baseAsset: "ADA", quoteAsset: "USDT", referencePrice: "0.4512", tickSize: "0.0001", stepSize: "0.1", baseAssetPrecision: 1, quoteAssetPrecision: 4, minTradeAmount: "0.1", maxTradeAmount: "10000000", volumeWeight: 3, dailyVolatility: 0.042 },
  { symbol: "LINKUSDT", baseAsset: "LINK", quoteAsset: "USDT", referencePrice: "14.236", tickSize: "0.001", stepSize: "0.01", baseAssetPrecision: 2, quoteAssetPrecision: 3, minTradeAmount: "0.01", maxTradeAmount: "1000000", volumeWeight: 2, dailyVolatility: 0.045 },
  { symbol: "AVAXUSDT", baseAsset: "AVAX", quoteAsset: "USDT", referencePrice: "27.85", tickSize: "0.01", stepSize: "0.01", baseAssetPrecision: 2, quoteAssetPrecision: 2, minTradeAmount: "0.01", maxTradeAmount: "500000", volumeWeight: 2, dailyVolatility: 0.05 },
  { symbol: "LTCUSDT", baseAsset: "LTC", quoteAsset: "USDT", referencePrice: "72.41", tickSize: "0.01", stepSize: "0.001", baseAssetPrecision: 3, quoteAssetPrecision: 2, minTradeAmount: "0.001", maxTradeAmount: "100000", volumeWeight: 1.5, dailyVolatility: 0.035 },
  { symbol: "DOTUSDT", baseAsset: "DOT", quoteAsset: "USDT", referencePrice: "6.124", tickSize: "0.001", stepSize: "0.01", baseAssetPrecision: 2, quoteAssetPrecision: 3, minTradeAmount: "0.01", maxTradeAmount: "1000000", volumeWeight: 1.5, dailyVolatility: 0.045 },
  { symbol: "TRXUSDT", baseAsset: "TRX", quoteAsset: "USDT", referencePrice: "0.12037", tickSize: "0.00001", stepSize: "1", baseAssetPrecision: 0, quoteAssetPrecision: 5, minTradeAmount: "1", maxTradeAmount: "50000000", volumeWeight: 1, dailyVolatility: 0.03 },
];

export function findSandboxSymbol(symbol: string): SandboxSymbol | undefined {
  return SANDBOX_SYMBOLS.find((s) => s.symbol === symbol);
}
