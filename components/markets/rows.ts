/** Row helpers shared by the Markets tables: types, sorting, search matching, the clock label. */
import { compareDecimals, type Spread } from "@/lib/format/decimal";
import type { ResponseOf } from "@/lib/weex/endpoints";
import type { SortDir } from "./columns";

export type SymbolDef = ResponseOf<"exchangeInfo">["symbols"][number];
export type Ticker = Extract<ResponseOf<"ticker24hr">, readonly unknown[]>[number];

/** A ticker with what the tickers table shows beside it: the symbol's assets, tick size and the bid/ask spread. */
export type TickerRow = {
  symbol: string;
  ticker: Ticker;
  base?: string;
  quote?: string;
  tickSize?: string;
  spread: Spread | null;
};

export type SortValue = string | number | null | undefined;

/** Sorts a copy; numbers compare as decimals, missing values always last, ties by symbol. */
export function sortRows<R extends { symbol: string }>(
  rows: readonly R[],
  value: (row: R) => SortValue,
  kind: "text" | "number",
  direction: SortDir,
): R[] {
  const factor = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const xMissing = x === null || x === undefined || x === "";
    const yMissing = y === null || y === undefined || y === "";
    if (xMissing || yMissing) return xMissing === yMissing ? a.symbol.localeCompare(b.symbol) : xMissing ? 1 : -1;
    const order = kind === "text" ? String(x).localeCompare(String(y)) : compareDecimals(String(x), String(y));
    return order !== 0 ? order * factor : a.symbol.localeCompare(b.symbol);
  });
}

export function matches(symbol: string, query: string): boolean {
  return query === "" || symbol.toUpperCase().includes(query);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

export function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
