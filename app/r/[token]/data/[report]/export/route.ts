/** CSV of one table of a shared view, within the link's scope (lib/share/export). */
import { sharedCsv } from "@/lib/share/export";
import { ShareRefusal, sharedRoute } from "@/lib/share/serve";
import { recordShareVisit } from "@/lib/share/view-log";

export const dynamic = "force-dynamic";

export const GET = sharedRoute(async ({ request, db, open, params }) => {
  if (params.report !== open.report) throw new ShareRefusal(404, "NOT_FOUND", "this link shares another report");
  const csv = await sharedCsv(db, open, new URL(request.url).searchParams);
  await recordShareVisit(db, open.link.id, "csv", request.headers);
  return csv;
});
