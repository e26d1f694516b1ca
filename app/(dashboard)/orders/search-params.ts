/**
 * The Orders page's shareable state, read by the server page and the client view alike:
 *   open    symbol filter of the open orders ("" = every symbol)
 *   sym     symbol of the order history (allOrders needs one; default BTCUSDT)
 *   from/to UTC calendar days (YYYY-MM-DD), inclusive, of the history
 *   limit   history page size, 1–1000 (default 50)     page   history page from 1
 *   tab     the page's tab (ORDERS_TABS; default "open")
 * Unusable values fall back to the defaults and are named in the page's notice; defaults are left out of the URL.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { droppedParam, type ParamIssue } from "@/lib/url-state/param-issues";
import { patchParams, type SearchParamsLike } from "@/lib/url-state/params";
import { readFields, type FieldRules } from "@/lib/url-state/read-fields";

export const HISTORY_MAX_LIMIT = 1000;
export const HISTORY_LIMITS = [20, 50, 100, 500, 1000] as const;

/** The Orders page's tabs, in order. */
export const ORDERS_TABS = ["open", "history", "contract", "place", "tpsl", "conditional", "audit"] as const;
export type OrdersTab = (typeof ORDERS_TABS)[number];

export type OrdersState = {
  tab: OrdersTab;
  open: string;
  sym: string;
  from: string;
  to: string;
  limit: number;
  page: number;
};

export const ORDERS_DEFAULTS: OrdersState = { tab: "open", open: "", sym: "BTCUSDT", from: "", to: "", limit: 50, page: 1 };

const symbol = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2,30}$/));
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const SYMBOL_WORDS = "a symbol such as BTCUSDT (2–30 letters and digits)";
const DAY_WORDS = "a calendar day (YYYY-MM-DD)";

const RULES: FieldRules<OrdersState> = {
  tab: { schema: z.enum(ORDERS_TABS), fallback: ORDERS_DEFAULTS.tab, expected: `one of the page's tabs (${ORDERS_TABS.join(", ")})`, fallbackWords: "the first tab" },
  open: { schema: symbol, fallback: ORDERS_DEFAULTS.open, expected: SYMBOL_WORDS, fallbackWords: "every symbol" },
  sym: { schema: symbol, fallback: ORDERS_DEFAULTS.sym, expected: SYMBOL_WORDS },
  from: { schema: day, fallback: "", expected: DAY_WORDS, fallbackWords: "no start day" },
  to: { schema: day, fallback: "", expected: DAY_WORDS, fallbackWords: "no end day" },
  limit: { schema: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT), fallback: ORDERS_DEFAULTS.limit, expected: `a page size from 1 to ${HISTORY_MAX_LIMIT}` },
  page: { schema: z.coerce.number().int().min(1).max(1_000_000), fallback: 1, expected: "a page number from 1", fallbackWords: "the first page" },
};

/** The state and the parameters that could not be used (for the page's notice). */
export function readOrdersParams(params: SearchParamsLike): { values: OrdersState; issues: ParamIssue[] } {
  const { values, issues } = readFields(params, RULES);
  if (values.from && values.to && values.from > values.to) {
    issues.push(droppedParam("to", values.to, `is before the start day (from ${values.from})`, "no end day"));
    values.to = "";
  }
  return { values, issues };
}

export function parseOrdersParams(params: SearchParamsLike): OrdersState {
  return readOrdersParams(params).values;
}

export const ordersParamIssues = (params: SearchParamsLike): ParamIssue[] => readOrdersParams(params).issues;

export function withOrdersState(current: URLSearchParams | string, patch: Partial<OrdersState>): URLSearchParams {
  const defaults: Record<string, string> = {};
  for (const [key, value] of Object.entries(ORDERS_DEFAULTS)) defaults[key] = String(value);
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(patch)) values[key] = value === undefined ? undefined : String(value);
  return patchParams(current, values, defaults);
}

/** The allOrders query of a state: whole UTC days, inclusive. */
export function historyRequest(state: OrdersState): { symbol: string; startTime?: number; endTime?: number; limit: number; page: number } {
  return {
    symbol: state.sym,
    ...(state.from ? { startTime: Date.parse(`${state.from}T00:00:00Z`) } : {}),
    ...(state.to ? { endTime: Date.parse(`${state.to}T00:00:00Z`) + 86_400_000 - 1 } : {}),
    limit: state.limit,
    page: state.page,
  };
}
