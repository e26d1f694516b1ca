/**
 * Whether a query string is a view of a report: only parameters that report
 * reads (the date range, its filters, its own paging/sorting/search, the path's
 * uid on an entity page), each usable by the same rules as on its page
 * (report-params.ts). Browser-safe, so the save dialog could say it before sending.
 */
import { REPORT_CONTRACTS } from "../reports/contracts";
import type { ReportName } from "../reports/names";
import { checkReportParams } from "../reports/report-params";
import { issueMessage } from "../url-state/param-issues";
import { pathParamOf } from "./types";

/** The date range's parameters and the comparison, which every report's filters read. */
const SHARED_PARAMS = ["range", "from", "to", "compare"] as const;

export function knownParams(report: ReportName): Set<string> {
  const contract = REPORT_CONTRACTS[report];
  const own = Object.keys(("params" in contract ? contract.params : undefined) ?? {});
  const path = pathParamOf(report);
  return new Set<string>([...SHARED_PARAMS, ...contract.filters, ...own, ...(path ? [path] : [])]);
}

export interface QueryIssue {
  param: string;
  msg: string;
}

/** The first reason the query is not a view of the report, or null. */
export function viewQueryIssue(report: ReportName, query: string, now: Date): QueryIssue | null {
  const params = new URLSearchParams(query);
  const known = knownParams(report);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) return { param: name, msg: `${name}: not a parameter of this report` };
    if (params.getAll(name).length > 1) return { param: name, msg: `${name}: given more than once` };
  }
  const first = checkReportParams(report, params, now).issues[0];
  return first ? { param: first.param, msg: issueMessage(first) } : null;
}
