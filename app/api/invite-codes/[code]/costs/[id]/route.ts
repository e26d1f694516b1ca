/** One campaign cost of an invite code: change its day, amount, coin or note (PATCH), or delete it (DELETE, 204). */
import { ApiError, apiRoute, type RouteParams } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { costIdSchema, costPatchSchema } from "@/lib/campaign-costs/inputs";
import { codeContext } from "@/lib/campaign-costs/route-context";
import { deleteCost, updateCost } from "@/lib/campaign-costs/store";

export const dynamic = "force-dynamic";

function idOf(params: RouteParams): string {
  const parsed = costIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such cost");
  return parsed.data;
}

export const PATCH = apiRoute({ role: "analyst", body: costPatchSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId, inviteCode } = await codeContext(request, params);
  return updateCost(db, connectionId, inviteCode, idOf(params), body, user, now());
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  const { db, connectionId, inviteCode } = await codeContext(request, params);
  await deleteCost(db, connectionId, inviteCode, idOf(params), user, now());
  return undefined;
});
