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
 * Unusable values fall back to the defaults and are named in the page's notice; defaults are left out of the URL.
 */
import { z } from "zod";
import "@/lib/zod-jitless"; // in the browser: no eval probe under the CSP
import { droppedParam, type ParamIssue } from "@/lib/url-state/param-issues";
import { patchParams, type SearchParamsLike } from "@/lib/url-state/params";
import { readFields, type FieldRules } from "@/lib/url-state/read-fields";

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

const coinId = z.string().regex(/^\d{1,9}$/);
const bizType = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,40}$/);
const billId = z.string().regex(/^\d{1,20}$/);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const sizeOf = (max: number) => z.coerce.number().int().min(1).max(max);
const COIN_WORDS = "a coin id (digits)";
const BIZ_WORDS = "a business type (letters, digits and _)";
const BILL_WORDS = "a bill id (digits)";
const DAY_WORDS = "a calendar day (YYYY-MM-DD)";

const RULES: FieldRules<AccountState> = {
  coin: { schema: coinId, fallback: "", expected: COIN_WORDS, fallbackWords: "every coin" },
  biz: { schema: bizType, fallback: "", expected: BIZ_WORDS, fallbackWords: "every business type" },
  limit: { schema: sizeOf(BILLS_MAX_LIMIT), fallback: ACCOUNT_DEFAULTS.limit, expected: `a page size from 1 to ${BILLS_MAX_LIMIT}` },
  after: { schema: billId, fallback: "", expected: BILL_WORDS, fallbackWords: "the newest bills" },
  before: { schema: billId, fallback: "", expected: BILL_WORDS, fallbackWords: "the newest bills" },
  fcoin: { schema: coinId, fallback: "", expected: COIN_WORDS, fallbackWords: "every coin" },
  fbiz: { schema: bizType, fallback: "", expected: BIZ_WORDS, fallbackWords: "every business type" },
  from: { schema: day, fallback: "", expected: DAY_WORDS, fallbackWords: "no start day" },
  to: { schema: day, fallback: "", expected: DAY_WORDS, fallbackWords: "no end day" },
  fpage: { schema: z.coerce.number().int().min(1).max(1_000_000), fallback: 1, expected: "a page number from 1", fallbackWords: "the first page" },
  fsize: { schema: sizeOf(FUNDING_MAX_PAGE_SIZE), fallback: ACCOUNT_DEFAULTS.fsize, expected: `a page size from 1 to ${FUNDING_MAX_PAGE_SIZE}` },
};

/** The state and the parameters that could not be used (for the page's notice). */
export function readAccountParams(params: SearchParamsLike): { values: AccountState; issues: ParamIssue[] } {
  const { values, issues } = readFields(params, RULES);
  // One cursor at most: "before" (older) wins over "after".
  if (values.before && values.after) {
    issues.push(droppedParam("after", values.after, "cannot go with before (one cursor at a time)", `the bills before ${values.before}`));
    values.after = "";
  }
  // A range that ends before it starts is dropped rather than sent (the exchange would refuse it, -1171).
  if (values.from && values.to && values.from > values.to) {
    issues.push(droppedParam("to", values.to, `is before the start day (from ${values.from})`, "no end day"));
    values.to = "";
  }
  return { values, issues };
}

export function parseAccountParams(params: SearchParamsLike): AccountState {
  return readAccountParams(params).values;
}

export const accountParamIssues = (params: SearchParamsLike): ParamIssue[] => readAccountParams(params).issues;

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
