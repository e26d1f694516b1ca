/**
 * Every report's CSV export route, /api/reports/<name>/export: the same
 * pipeline as its view's route (analyst role, the report named by the path — a
 * name no report has is a 404 —, the page's filters parsed by the same parser, the request's connection,
 * the warehouse only — never the exchange), then one table of it streamed as a
 * CSV attachment. `?table=<id>` names the table (see report-tables). The directory's CSV gains the team's tags
 * and follow-ups here, and only here; a time table the team's annotations.
 */
import "server-only";
import { apiRoute, type ApiRouteHandler } from "../api/route";
import type { Role } from "../auth/roles";
import { getDb } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import { reportOfPath } from "../reports/route";
import { usableReportFilters } from "../reports/strict-params";
import { teamColumnsFor } from "../invitee-work/csv-columns";
import { annotationColumnFor } from "../annotations/csv-column";
import { csvResponse, streamReportCsv } from "./stream-report";
import type { OpenedTable } from "./table-types";

export function reportExportRoute(options: { role: Role }): ApiRouteHandler {
  return apiRoute({ role: options.role }, async ({ request, params }) => {
    const report = reportOfPath(params);
    const query = new URL(request.url).searchParams;
    const filters = usableReportFilters(report, query);
    const connection = await connectionForRequest(request);
    const db = await getDb();
    const table = query.get("table") ?? "";
    // The app's own CSV of the directory carries the team's tags and follow-ups, and a time table the team's
    // annotations at their buckets; a share link's never does.
    const team = teamColumnsFor(report, table, db, connection.id);
    const notes = annotationColumnFor(report, filters, db, connection.id);
    const extend = (opened: OpenedTable) => notes(team ? team(opened) : opened);
    return csvResponse(await streamReportCsv({ db, connectionId: connection.id, report, table, filters, query, extend }));
  });
}
