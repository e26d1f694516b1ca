/**
 * The Account page's shareable state, read by the server page and the client view alike.
 *
 * Spot bills (cursor paging, newest first):
 *   coin    coinId filter (integer)          biz   bizType filter
 *   limit   page size, 1–100 (default 20)    after / before   the cursor: a bill id (one of them at most)
 * Funding bills (numbered pages):
 *   fcoin   coinId filter    fbiz   bizType filter
 *   from / to   UTC calendar days (YYYY-MM-DD), inclusive
 *   fpage   page from 1      fsize  page size, 1–100 (default 20)
 * Unknown or malformed values fall back to the defaults; defaults are left out of the URL.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { patchParams, readParam, type SearchParamsLike } from "@/lib/url-state/params";

export const BILLS_MAX_LIMIT = 100;
export const FUNDING_MAX_PAGE_SIZE = 100;

/** Business types the spec and the real exchange show (addendum); any other text may be typed. */
export const KNOWN_BIZ_TYPES = ["deposit", "withdraw", "trade_in", "trade_out", "transfer_in", "transfer_out"] as const;

export type AccountState = {
  coin: string;
  biz: string;
  limit: number;
  after: string;
  before: string;
  fcoin: string;
  fbiz: string;
  from: string;
  to: string;
  fpage: number;
  fsize: number;
};

export const ACCOUNT_DEFAULTS: AccountState = {
  coin: "",
  biz: "",
  limit: 20,
  after: "",
  before: "",
  fcoin: "",
  fbiz: "",
  from: "",
  to: "",
  fpage: 1,
  fsize: 20,
};

const coinId = z.string().regex(/^\d{1,9}$/).catch("");
const bizType = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,40}$/)
  .catch("");
const billId = z.string().regex(/^\d{1,20}$/).catch("");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .catch("");
const sizeOf = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).catch(fallback);

const schema = z.object({
  coin: coinId,
  biz: bizType,
  limit: sizeOf(BILLS_MAX_LIMIT, ACCOUNT_DEFAULTS.limit),
  after: billId,
  before: billId,
  fcoin: coinId,
  fbiz: bizType,
  from: day,
  to: day,
  fpage: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  fsize: sizeOf(FUNDING_MAX_PAGE_SIZE, ACCOUNT_DEFAULTS.fsize),
});

export function parseAccountParams(params: SearchParamsLike): AccountState {
  const parsed = schema.parse({
    coin: readParam(params, "coin") ?? "",
    biz: readParam(params, "biz") ?? "",
    limit: readParam(params, "limit") ?? ACCOUNT_DEFAULTS.limit,
    after: readParam(params, "after") ?? "",
    before: readParam(params, "before") ?? "",
    fcoin: readParam(params, "fcoin") ?? "",
    fbiz: readParam(params, "fbiz") ?? "",
    from: readParam(params, "from") ?? "",
    to: readParam(params, "to") ?? "",
    fpage: readParam(params, "fpage") ?? 1,
    fsize: readParam(params, "fsize") ?? ACCOUNT_DEFAULTS.fsize,
  });
  // One cursor at most: "before" (older) wins over "after".
  if (parsed.before && parsed.after) parsed.after = "";
  // A range that ends before it starts is dropped rather than sent (the exchange would refuse it, -1171).
  if (parsed.from && parsed.to && parsed.from > parsed.to) parsed.to = "";
  return parsed;
}

export function withAccountState(current: URLSearchParams | string, patch: Partial<AccountState>): URLSearchParams {
  const defaults: Record<string, string> = {};
  for (const [key, value] of Object.entries(ACCOUNT_DEFAULTS)) defaults[key] = String(value);
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(patch)) values[key] = value === undefined ? undefined : String(value);
  return patchParams(current, values, defaults);
}

/** The spot bills request of a state (the exchange's body: numbers for coinId and limit, ids as digit strings). */
export function billsRequest(state: AccountState): { coinId?: number; bizType?: string; after?: string; before?: string; limit: number } {
  return {
    ...(state.coin ? { coinId: Number(state.coin) } : {}),
    ...(state.biz ? { bizType: state.biz } : {}),
    ...(state.before ? { before: state.before } : state.after ? { after: state.after } : {}),
    limit: state.limit,
  };
}

/** Start of `from` and end of `to` (UTC days, inclusive) in ms. */
export function fundingRequest(state: AccountState): {
  coinId?: number;
  bizType?: string;
  startTime?: number;
  endTime?: number;
  pageIndex: number;
  pageSize: number;
} {
  return {
    ...(state.fcoin ? { coinId: Number(state.fcoin) } : {}),
    ...(state.fbiz ? { bizType: state.fbiz } : {}),
    ...(state.from ? { startTime: Date.parse(`${state.from}T00:00:00Z`) } : {}),
    ...(state.to ? { endTime: Date.parse(`${state.to}T00:00:00Z`) + 86_400_000 - 1 } : {}),
    pageIndex: state.fpage,
    pageSize: state.fsize,
  };
}
