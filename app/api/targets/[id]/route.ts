/** One target or tier threshold: change its value or name (PATCH), or delete it (DELETE, 204). */
import { ApiError, apiRoute, type RouteParams } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { workContext } from "@/lib/invitee-work/route-context";
import { targetIdSchema, targetPatchSchema } from "@/lib/targets/inputs";
import { deleteTarget, updateTarget } from "@/lib/targets/store";

export const dynamic = "force-dynamic";

function idOf(params: RouteParams): string {
  const parsed = targetIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such target");
  return parsed.data;
}

export const PATCH = apiRoute({ role: "analyst", body: targetPatchSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return updateTarget(db, connectionId, idOf(params), body, user, now());
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  const { db, connectionId } = await workContext(request);
  await deleteTarget(db, connectionId, idOf(params), user, now());
  return undefined;
});
