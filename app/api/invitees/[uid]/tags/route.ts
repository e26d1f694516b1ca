/** An invitee's tags (GET) and setting them by name (PUT: the list becomes its tags; unknown names join the vocabulary). */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { setTags, tagsOf } from "@/lib/invitee-work/assignments-store";
import { setTagsInputSchema } from "@/lib/invitee-work/inputs";
import { inviteeContext } from "@/lib/invitee-work/route-context";
import type { TagsAnswer } from "@/lib/invitee-work/types";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, params }): Promise<TagsAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return { tags: await tagsOf(db, connectionId, uid) };
});

export const PUT = apiRoute({ role: "analyst", body: setTagsInputSchema }, async ({ request, params, user, body }): Promise<TagsAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  return { tags: await setTags(db, connectionId, uid, body.tags, user, now()) };
});
