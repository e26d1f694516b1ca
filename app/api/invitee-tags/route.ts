/** The connection's tag vocabulary: every tag with its invitee count, by name (GET), and a new tag (POST, 201; 409 TAG_EXISTS in any case). */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { createTagInputSchema } from "@/lib/invitee-work/inputs";
import { workContext } from "@/lib/invitee-work/route-context";
import { createTag, listVocabulary } from "@/lib/invitee-work/tags-store";
import type { VocabularyAnswer } from "@/lib/invitee-work/types";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request }): Promise<VocabularyAnswer> => {
  const { db, connectionId } = await workContext(request);
  return { tags: await listVocabulary(db, connectionId) };
});

export const POST = apiRoute({ role: "analyst", body: createTagInputSchema }, async ({ request, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return Response.json(await createTag(db, connectionId, body, user, now()), { status: 201 });
});
