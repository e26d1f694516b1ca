/** One tag of the vocabulary: rename or recolour it (PATCH; onto another tag's name: 409, merge instead), delete it with its assignments (DELETE, 204). */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { updateTagInputSchema } from "@/lib/invitee-work/inputs";
import { tagIdOf, workContext } from "@/lib/invitee-work/route-context";
import { deleteTag, updateTag } from "@/lib/invitee-work/tags-store";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute({ role: "analyst", body: updateTagInputSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return updateTag(db, connectionId, tagIdOf(params), body, user, now());
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  const { db, connectionId } = await workContext(request);
  await deleteTag(db, connectionId, tagIdOf(params), user, now());
  return undefined;
});
