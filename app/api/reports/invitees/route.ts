/** The Invitees report of the request's connection (roster paging, sorting and search in the query). */
import { inviteeReport, rosterQuerySchema } from "@/lib/reports/invitees";
import { reportQuery, reportRoute } from "@/lib/reports/route";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" }, (db, connectionId, filters, query) =>
  inviteeReport(db, connectionId, filters, reportQuery(rosterQuerySchema, query)),
);
