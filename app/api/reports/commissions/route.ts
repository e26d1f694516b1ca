/** The Commissions report of the request's connection, from the warehouse (never the exchange). */
import { apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";
import { commissionReport } from "@/lib/reports/commissions";
import { parseReportFilters } from "@/lib/reports/filters";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request }) => {
  const filters = parseReportFilters(new URL(request.url).searchParams);
  const connection = await connectionForRequest(request);
  const report = await commissionReport(await getDb(), connection.id, filters);
  return { ...report, range: { from: filters.range.from, to: filters.range.to, label: filters.range.label }, issues: filters.issues };
});
