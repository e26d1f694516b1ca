/**
 * Every URL parameter of a report view checked in one pass: the shared filters
 * (filters.ts, with the date range), then the report's own paging, sorting and
 * search (its contract's query schema, field by field). The result is the
 * filters, the issues in words (one per unusable parameter) and the cleaned
 * query: the URL of what the page shows. Pages show the issues and rewrite
 * their URL to the cleaned query before asking the API; API routes answer 400
 * for the first issue. Browser-safe.
 */
import { inviteeDetailQuerySchema } from "./contracts/invitee";
import { INVITE_CODE_SORTS, inviteCodeQuerySchema } from "./contracts/invite-codes";
import { ROSTER_SORTS, ROSTER_SOURCES, ROSTER_STATUSES, rosterQuerySchema } from "./contracts/invitees";
import { TRADE_ASSET_SORTS, tradeAssetQuerySchema } from "./contracts/trade-assets";
import { parseReportFilters, type ReportFilters } from "./filters";
import type { ReportName } from "./names";
import { cleanedParams, type ParamIssue } from "../url-state/param-issues";
import { toSearchParams, type SearchParamsLike } from "../url-state/params";
import { readFields, type FieldRule } from "../url-state/read-fields";

type Rules = Readonly<Record<string, FieldRule<unknown>>>;

const directions = (fallback: "asc" | "desc"): FieldRule<unknown> => ({ schema: rosterQuerySchema.shape.dir, fallback, expected: "asc or desc", fallbackWords: fallback === "desc" ? "descending" : "ascending" });
const pageRule: FieldRule<unknown> = { schema: rosterQuerySchema.shape.page, fallback: 1, expected: "a page number from 1 to 100000", fallbackWords: "the first page" };
const pageSizeRule: FieldRule<unknown> = { schema: rosterQuerySchema.shape.pageSize, fallback: 50, expected: "a page size from 10 to 200", fallbackWords: "50 a page" };

/** The report's own parameters, with the words of their notices. */
const DORMANT_DAYS_RULE: FieldRule<unknown> = { schema: rosterQuerySchema.shape.dormantDays, fallback: 30, expected: "a number of days from 1 to 365", fallbackWords: "30 days" };

const PAGE_RULES: { readonly [N in ReportName]: Rules } = {
  overview: {},
  // The uid itself is a shared filter (filters.ts); the API's 400/404 for a missing or unknown one is the report's.
  invitee: { dormantDays: { ...DORMANT_DAYS_RULE, schema: inviteeDetailQuerySchema.shape.dormantDays } },
  commissions: {},
  "sub-affiliates": {},
  // The uid is a shared filter (filters.ts); the API's 400/404 for a missing or unknown sub-affiliate is the report's.
  "sub-affiliate": {},
  "invite-codes": {
    sort: { schema: inviteCodeQuerySchema.shape.sort, fallback: "signups", expected: `a column (${INVITE_CODE_SORTS.join(", ")})`, fallbackWords: "signups" },
    dir: directions("desc"),
  },
  invitees: {
    q: { schema: rosterQuerySchema.shape.q, fallback: "", expected: "a search of up to 40 letters, digits, - or _", fallbackWords: "no search" },
    code: { schema: rosterQuerySchema.shape.code, fallback: "", expected: "an invite code of up to 40 letters, digits, - or _", fallbackWords: "every code" },
    kyc: { schema: rosterQuerySchema.shape.kyc, fallback: undefined, expected: "yes or no", fallbackWords: "KYC passed or not" },
    status: { schema: rosterQuerySchema.shape.status, fallback: undefined, expected: `a status (${ROSTER_STATUSES.join(", ")})`, fallbackWords: "every status" },
    via: { schema: rosterQuerySchema.shape.via, fallback: undefined, expected: `a source (${ROSTER_SOURCES.join(", ")})`, fallbackWords: "every source" },
    registeredFrom: { schema: rosterQuerySchema.shape.registeredFrom, fallback: undefined, expected: "a calendar day (YYYY-MM-DD)", fallbackWords: "no first sign-up day" },
    registeredTo: { schema: rosterQuerySchema.shape.registeredTo, fallback: undefined, expected: "a calendar day (YYYY-MM-DD)", fallbackWords: "no last sign-up day" },
    sort: { schema: rosterQuerySchema.shape.sort, fallback: "registerTime", expected: `a roster column (${ROSTER_SORTS.join(", ")})`, fallbackWords: "registerTime" },
    dir: directions("desc"),
    page: pageRule,
    pageSize: pageSizeRule,
    dormantDays: DORMANT_DAYS_RULE,
  },
  "trade-assets": {
    sort: { schema: tradeAssetQuerySchema.shape.sort, fallback: "commission", expected: `a column (${TRADE_ASSET_SORTS.join(", ")})`, fallbackWords: "commission" },
    dir: directions("desc"),
    page: pageRule,
    pageSize: pageSizeRule,
  },
};

export interface CheckedReportParams {
  filters: ReportFilters;
  /** Every unusable parameter, filters first. */
  issues: ParamIssue[];
  /** The query with every unusable parameter replaced by what is shown instead. */
  query: URLSearchParams;
}

function asSearchParams(params: SearchParamsLike): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  if (typeof (params as { get?: unknown }).get === "function") return new URLSearchParams((params as { toString(): string }).toString());
  return toSearchParams(params as Readonly<Record<string, string | string[] | undefined>>);
}

export function checkReportParams(report: ReportName, params: SearchParamsLike, now: Date = new Date()): CheckedReportParams {
  const filters = parseReportFilters(params, now);
  const own = readFields(params, PAGE_RULES[report]).issues;
  const issues = [...filters.paramIssues, ...own];
  return { filters, issues, query: issues.length === 0 ? asSearchParams(params) : cleanedParams(asSearchParams(params), issues) };
}
