/** The Commissions report of the request's connection. */
import { commissionReport } from "@/lib/reports/commissions";
import { reportRoute } from "@/lib/reports/route";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" }, (db, connectionId, filters) => commissionReport(db, connectionId, filters));
