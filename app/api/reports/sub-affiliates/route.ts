/** The Sub-affiliates report of the request's connection. */
import { reportRoute } from "@/lib/reports/route";
import { subAffiliateReport } from "@/lib/reports/sub-affiliates";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" }, (db, connectionId, filters) => subAffiliateReport(db, connectionId, filters));
