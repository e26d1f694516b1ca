/** One saved view: rename, update to another query of its report, change who sees it, pin (PATCH); delete (DELETE, owner or admin, 204). */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { savedViewPatchSchema } from "@/lib/saved-views/inputs";
import { viewIdOf, viewScope } from "@/lib/saved-views/route-context";
import { deleteSavedView, patchSavedView } from "@/lib/saved-views/store";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute({ role: "analyst", body: savedViewPatchSchema }, async ({ request, params, user, body }) =>
  patchSavedView(await viewScope(request), user, viewIdOf(params), body, now()),
);

export const DELETE = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  await deleteSavedView(await viewScope(request), user, viewIdOf(params), now());
  return undefined;
});
