/** The Trade & assets report of the request's connection (sorting and paging in the query). */
import { reportQuery, reportRoute } from "@/lib/reports/route";
import { tradeAssetQuerySchema, tradeAssetReport } from "@/lib/reports/trade-assets";

export const dynamic = "force-dynamic";

export const GET = reportRoute({ role: "analyst" }, (db, connectionId, filters, query) =>
  tradeAssetReport(db, connectionId, filters, reportQuery(tradeAssetQuerySchema, query)),
);
