/** The data of a shared view: the link's report only, within its locked scope (lib/share). */
import { sharedAnswer } from "@/lib/share/answer";
import { ShareRefusal, sharedRoute } from "@/lib/share/serve";
import { recordShareVisit } from "@/lib/share/view-log";

export const dynamic = "force-dynamic";

export const GET = sharedRoute(async ({ request, db, open, params }) => {
  if (params.report !== open.report) throw new ShareRefusal(404, "NOT_FOUND", "this link shares another report");
  const answer = await sharedAnswer(db, open, new URL(request.url).searchParams);
  await recordShareVisit(db, open.link.id, "data", request.headers);
  return answer;
});
