/** Everything the invitee page's panel shows: notes, tags, follow-up and the newest 50 changes, in one answer. */
import { apiRoute } from "@/lib/api/route";
import { inviteeContext } from "@/lib/invitee-work/route-context";
import type { WorkAnswer } from "@/lib/invitee-work/types";
import { inviteeWork } from "@/lib/invitee-work/work";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, params, user }): Promise<WorkAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return inviteeWork(db, connectionId, uid, user);
});
