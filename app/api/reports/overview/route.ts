/** The Overview figures of the request's connection, with their comparisons. */
import { overviewReport } from "@/lib/reports/overview";
import { reportRoute } from "@/lib/reports/route";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" }, (db, connectionId, filters) => overviewReport(db, connectionId, filters));
