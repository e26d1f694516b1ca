/**
 * The Orders page's shareable state, read by the server page and the client view alike:
 *   open    symbol filter of the open orders ("" = every symbol)
 *   sym     symbol of the order history (allOrders needs one; default BTCUSDT)
 *   from/to UTC calendar days (YYYY-MM-DD), inclusive, of the history
 *   limit   history page size, 1–1000 (default 50)     page   history page from 1
 *   tab     the page's tab (ORDERS_TABS; default "open")
 * Unknown or malformed values fall back to the defaults; defaults are left out of the URL.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { patchParams, readParam, type SearchParamsLike } from "@/lib/url-state/params";

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

const symbolParam = (fallback: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{2,30}$/))
    .catch(fallback);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .catch("");

const schema = z.object({
  tab: z.enum(ORDERS_TABS).catch(ORDERS_DEFAULTS.tab),
  open: z.union([z.literal(""), symbolParam("")]).catch(""),
  sym: symbolParam(ORDERS_DEFAULTS.sym),
  from: day,
  to: day,
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).catch(ORDERS_DEFAULTS.limit),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export function parseOrdersParams(params: SearchParamsLike): OrdersState {
  const parsed = schema.parse({
    tab: readParam(params, "tab") ?? ORDERS_DEFAULTS.tab,
    open: readParam(params, "open") ?? "",
    sym: readParam(params, "sym") ?? ORDERS_DEFAULTS.sym,
    from: readParam(params, "from") ?? "",
    to: readParam(params, "to") ?? "",
    limit: readParam(params, "limit") ?? ORDERS_DEFAULTS.limit,
    page: readParam(params, "page") ?? 1,
  });
  if (parsed.from && parsed.to && parsed.from > parsed.to) parsed.to = "";
  return parsed;
}

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
