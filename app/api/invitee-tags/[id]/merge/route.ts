/** Merge a tag into another (POST { into }): every invitee carrying it carries `into`, it is deleted; answers the survivor with its count. */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { mergeTagInputSchema } from "@/lib/invitee-work/inputs";
import { tagIdOf, workContext } from "@/lib/invitee-work/route-context";
import { mergeTag } from "@/lib/invitee-work/tags-store";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "analyst", body: mergeTagInputSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return mergeTag(db, connectionId, tagIdOf(params), body.into, user, now());
});
