/**
 * Every URL parameter of a report view checked in one pass: the shared filters
 * (filters.ts, with the date range), then the report's own paging, sorting and
 * search (its contract's `params`, field by field). The result is the
 * filters, the issues in words (one per unusable parameter) and the cleaned
 * query: the URL of what the page shows. Pages show the issues and rewrite
 * their URL to the cleaned query before asking the API; API routes answer 400
 * for the first issue. Browser-safe.
 */
import { REPORT_CONTRACTS } from "./contracts";
import { parseReportFilters, type ReportFilters } from "./filters";
import type { ReportName } from "./names";
import { cleanedParams, type ParamIssue } from "../url-state/param-issues";
import { toSearchParams, type SearchParamsLike } from "../url-state/params";
import { readFields } from "../url-state/read-fields";

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
  const own = readFields(params, REPORT_CONTRACTS[report].params ?? {}).issues;
  const issues = [...filters.paramIssues, ...own];
  return { filters, issues, query: issues.length === 0 ? asSearchParams(params) : cleanedParams(asSearchParams(params), issues) };
}
