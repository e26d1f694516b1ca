/** One annotation: its change log (GET), change its day, text or ties (PATCH), or delete it (DELETE, 204). */
import { ApiError, apiRoute, type RouteParams } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { annotationIdSchema, annotationPatchSchema } from "@/lib/annotations/inputs";
import { annotationHistory, deleteAnnotation, updateAnnotation } from "@/lib/annotations/store";
import { workContext } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

function idOf(params: RouteParams): string {
  const parsed = annotationIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such annotation");
  return parsed.data;
}

export const GET = apiRoute({ role: "analyst" }, async ({ request, params }) => {
  const { db, connectionId } = await workContext(request);
  return { log: await annotationHistory(db, connectionId, idOf(params)) };
});

export const PATCH = apiRoute({ role: "analyst", body: annotationPatchSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return updateAnnotation(db, connectionId, idOf(params), body, user, now());
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  const { db, connectionId } = await workContext(request);
  await deleteAnnotation(db, connectionId, idOf(params), user, now());
  return undefined;
});
