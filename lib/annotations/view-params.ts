/** GET /api/annotations's query for a view (its URL's query): its days and, if it is narrowed to one, its sub-affiliate. */
import { parseReportFilters } from "../reports/filters";
import { chartScopeOf } from "./types";

export function annotationParams(report: string, query: string, now: Date): Readonly<Record<string, string>> {
  const f = parseReportFilters(new URLSearchParams(query), now);
  const scope = chartScopeOf(report, { from: f.range.from, to: f.range.to, uid: f.uid, sub: f.sub });
  return { from: scope.from, to: scope.to, ...(scope.sub ? { sub: scope.sub } : {}) };
}
