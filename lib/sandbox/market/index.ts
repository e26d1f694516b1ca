export { symbolDefinitions, symbolDefinition, displayDigitMerge } from "./symbol-definitions";
export { ticker24h, UnknownSymbolError, DAY_MS } from "./ticker";
export type { SymbolDefinition, Ticker24h } from "./types";
export * from "./fees";
export { klinesAt, candleOpenTimes, KLINES_DEFAULT_LIMIT, type SandboxCandle } from "./klines";
