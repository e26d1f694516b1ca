/**
 * The API side of report parameters: where a page shows a notice and falls back
 * (report-params.ts), an API route refuses. A 400 `{code, msg, param}` names the
 * first unusable parameter and what is wrong with it, in the same words.
 */
import "server-only";
import { ApiError } from "../api/errors";
import { now } from "../clock";
import { issueMessage } from "../url-state/param-issues";
import type { ReportFilters } from "./filters";
import type { ReportName } from "./names";
import { checkReportParams } from "./report-params";

export function usableReportFilters(report: ReportName, query: URLSearchParams): ReportFilters {
  const { filters, issues } = checkReportParams(report, query, now());
  const first = issues[0];
  if (first) throw new ApiError(400, "BAD_REQUEST", issueMessage(first), { param: first.param });
  return filters;
}
