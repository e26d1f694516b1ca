/**
 * The Markets page's shareable state, read by the server page and the client
 * view alike:
 *   q      symbol search (case-insensitive, matched anywhere in the symbol)
 *   sort   dir    sort of the symbol rules table
 *   tsort  tdir   sort of the 24 h tickers table
 * Unknown values fall back to the defaults; defaults are left out of the URL.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { MAX_QUERY_LENGTH, SORT_DIRECTIONS, SYMBOL_COLUMNS, TICKER_COLUMNS, type SortDir, type SymbolColumn, type TickerColumn } from "@/components/markets/columns";
import { patchParams, readParam, type SearchParamsLike } from "@/lib/url-state/params";

export type MarketsState = {
  q: string;
  sort: SymbolColumn;
  dir: SortDir;
  tsort: TickerColumn;
  tdir: SortDir;
};

export const MARKETS_DEFAULTS: MarketsState = {
  q: "",
  sort: "symbol",
  dir: "asc",
  tsort: "quoteVolume",
  tdir: "desc",
};

const schema = z.object({
  q: z
    .string()
    .transform((value) => value.trim().slice(0, MAX_QUERY_LENGTH))
    .catch(MARKETS_DEFAULTS.q),
  sort: z.enum(SYMBOL_COLUMNS).catch(MARKETS_DEFAULTS.sort),
  dir: z.enum(SORT_DIRECTIONS).catch(MARKETS_DEFAULTS.dir),
  tsort: z.enum(TICKER_COLUMNS).catch(MARKETS_DEFAULTS.tsort),
  tdir: z.enum(SORT_DIRECTIONS).catch(MARKETS_DEFAULTS.tdir),
});

export function parseMarketsParams(params: SearchParamsLike): MarketsState {
  return schema.parse({
    q: readParam(params, "q") ?? "",
    sort: readParam(params, "sort"),
    dir: readParam(params, "dir"),
    tsort: readParam(params, "tsort"),
    tdir: readParam(params, "tdir"),
  });
}

/** Writes a change of state into a copy of `current`, keeping every other parameter (the date range…). */
export function withMarketsState(current: URLSearchParams | string, patch: Partial<MarketsState>): URLSearchParams {
  const defaults: Record<string, string> = { ...MARKETS_DEFAULTS };
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(patch)) values[key] = value;
  return patchParams(current, values, defaults);
}
