/**
 * Every report's API route, /api/reports/<name>: a role floor (analyst for
 * affiliate reports), the report named by the path (a name no report has: 404
 * `{code, msg}`), the page's filters parsed from the query string (an unusable
 * parameter is a 400 naming it), the request's connection, and the report's
 * answer from the pipeline (run.ts: the warehouse, never the exchange).
 */
import "server-only";
import { ApiError, apiRoute, type RouteParams } from "../api/route";
import type { Role } from "../auth/roles";
import { getDb } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import { isReportName, type ReportName } from "./names";
import { answerReport } from "./run";
import { usableReportFilters } from "./strict-params";

/** The report the route's `[report]` segment names; anything else is a 404, as for a path that does not exist. */
export function reportOfPath(params: RouteParams): ReportName {
  const name = params.report;
  if (typeof name !== "string" || !isReportName(name)) throw new ApiError(404, "NOT_FOUND", "no such report");
  return name;
}

export function reportRoute(options: { role: Role }) {
  return apiRoute({ role: options.role }, async ({ request, params }) => {
    const report = reportOfPath(params);
    const query = new URL(request.url).searchParams;
    const filters = usableReportFilters(report, query);
    const connection = await connectionForRequest(request);
    const db = await getDb();
    return answerReport(db, connection.id, report, filters, query);
  });
}
