/**
 * The Markets tables' columns and sort directions: what the tables render and
 * sort by, and what the page's URL state (app/(dashboard)/markets/search-params.ts)
 * accepts. Pure and browser-safe.
 */

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDir = (typeof SORT_DIRECTIONS)[number];

export const SYMBOL_COLUMNS = [
  "symbol",
  "status",
  "pair",
  "tickSize",
  "stepSize",
  "minQty",
  "maxQty",
  "makerFee",
  "takerFee",
  "basePrecision",
  "quotePrecision",
] as const;
export type SymbolColumn = (typeof SYMBOL_COLUMNS)[number];

export const TICKER_COLUMNS = [
  "symbol",
  "lastPrice",
  "change",
  "changePercent",
  "high",
  "low",
  "volume",
  "quoteVolume",
  "spreadBps",
] as const;
export type TickerColumn = (typeof TICKER_COLUMNS)[number];

export const MAX_QUERY_LENGTH = 32;

/** Numeric columns start descending (largest first); text columns ascending. */
export function defaultDirection(column: SymbolColumn | TickerColumn): SortDir {
  return column === "symbol" || column === "status" || column === "pair" ? "asc" : "desc";
}

/** Clicking a header: the same column flips, another column starts in its natural direction. */
export function nextSort<C extends SymbolColumn | TickerColumn>(
  current: { column: C; direction: SortDir },
  column: C,
): { column: C; direction: SortDir } {
  if (current.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: defaultDirection(column) };
}
