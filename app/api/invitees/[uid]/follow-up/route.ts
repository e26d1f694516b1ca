/** An invitee's follow-up (GET; null when none) and setting or clearing it (PUT; `state: null` clears). */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { followUpOf, putFollowUp } from "@/lib/invitee-work/follow-up-store";
import { followUpInputSchema } from "@/lib/invitee-work/inputs";
import { inviteeContext } from "@/lib/invitee-work/route-context";
import type { FollowUpAnswer } from "@/lib/invitee-work/types";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, params }): Promise<FollowUpAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return { followUp: await followUpOf(db, connectionId, uid) };
});

export const PUT = apiRoute({ role: "analyst", body: followUpInputSchema }, async ({ request, params, user, body }): Promise<FollowUpAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return { followUp: await putFollowUp(db, connectionId, uid, body, user, now()) };
});
