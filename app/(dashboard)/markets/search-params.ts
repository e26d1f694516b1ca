/**
 * The Markets page's shareable state, read by the server page and the client
 * view alike:
 *   q      symbol search (case-insensitive, matched anywhere in the symbol)
 *   sort   dir    sort of the symbol rules table
 *   tsort  tdir   sort of the 24 h tickers table
 * Unusable values fall back to the defaults and are named in the page's notice; defaults are left out of the URL.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { MAX_QUERY_LENGTH, SORT_DIRECTIONS, SYMBOL_COLUMNS, TICKER_COLUMNS, type SortDir, type SymbolColumn, type TickerColumn } from "@/components/markets/columns";
import type { ParamIssue } from "@/lib/url-state/param-issues";
import { patchParams, type SearchParamsLike } from "@/lib/url-state/params";
import { readFields, type FieldRules } from "@/lib/url-state/read-fields";

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

const RULES: FieldRules<MarketsState> = {
  q: {
    schema: z.string().trim().max(MAX_QUERY_LENGTH),
    fallback: MARKETS_DEFAULTS.q,
    expected: `a symbol search of up to ${MAX_QUERY_LENGTH} characters`,
    fallbackWords: "no search",
  },
  sort: { schema: z.enum(SYMBOL_COLUMNS), fallback: MARKETS_DEFAULTS.sort, expected: `a column of the symbols table (${SYMBOL_COLUMNS.join(", ")})` },
  dir: { schema: z.enum(SORT_DIRECTIONS), fallback: MARKETS_DEFAULTS.dir, expected: "asc or desc", fallbackWords: "ascending" },
  tsort: { schema: z.enum(TICKER_COLUMNS), fallback: MARKETS_DEFAULTS.tsort, expected: `a column of the tickers table (${TICKER_COLUMNS.join(", ")})` },
  tdir: { schema: z.enum(SORT_DIRECTIONS), fallback: MARKETS_DEFAULTS.tdir, expected: "asc or desc", fallbackWords: "descending" },
};

/** The state and the parameters that could not be used (for the page's notice). */
export function readMarketsParams(params: SearchParamsLike): { values: MarketsState; issues: ParamIssue[] } {
  return readFields(params, RULES);
}

export function parseMarketsParams(params: SearchParamsLike): MarketsState {
  return readMarketsParams(params).values;
}

export const marketsParamIssues = (params: SearchParamsLike): ParamIssue[] => readMarketsParams(params).issues;

/** Writes a change of state into a copy of `current`, keeping every other parameter (the date range…). */
export function withMarketsState(current: URLSearchParams | string, patch: Partial<MarketsState>): URLSearchParams {
  const defaults: Record<string, string> = { ...MARKETS_DEFAULTS };
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(patch)) values[key] = value;
  return patchParams(current, values, defaults);
}
