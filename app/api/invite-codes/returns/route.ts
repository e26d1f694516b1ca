/**
 * Invite codes' campaign figures for the page's filters (the Invite codes report's: the range's sign-ups): cost, cost
 * per sign-up, first deposit and first trade, commission since sign-up, return. JSON, or CSV with `format=csv`.
 * Analysts and above, as the report; not a report, so never served on a share link (costs are the team's spend).
 */
import { ApiError, apiRoute } from "@/lib/api/route";
import { inviteCodeReturns } from "@/lib/campaign-costs/returns";
import { returnsCsv } from "@/lib/campaign-costs/returns-csv";
import { workContext } from "@/lib/invitee-work/route-context";
import { usableReportFilters } from "@/lib/reports/strict-params";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const format = query.get("format");
  if (format !== null && format !== "csv" && format !== "json") throw new ApiError(400, "BAD_REQUEST", "format: csv or json", { param: "format" });
  query.delete("format");
  const { db, connectionId } = await workContext(request);
  const answer = await inviteCodeReturns(db, connectionId, usableReportFilters("invite-codes", query));
  if (format !== "csv") return answer;
  return new Response(returnsCsv(answer), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="invite-codes-campaign-return.csv"' },
  });
});
