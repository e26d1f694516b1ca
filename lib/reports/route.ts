/**
 * A report's API route: a role floor (analyst for affiliate reports), the
 * page's filters parsed from the query string (an unusable parameter is a 400 naming it), the request's connection, and
 * the report's answer from the pipeline (run.ts: the warehouse, never the
 * exchange).
 */
import "server-only";
import { apiRoute } from "../api/route";
import type { Role } from "../auth/roles";
import { getDb } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import type { ReportName } from "./names";
import { answerReport } from "./run";
import { usableReportFilters } from "./strict-params";

export function reportRoute(options: { role: Role }, report: ReportName) {
  return apiRoute({ role: options.role }, async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const filters = usableReportFilters(report, query);
    const connection = await connectionForRequest(request);
    const db = await getDb();
    return answerReport(db, connection.id, report, filters, query);
  });
}
