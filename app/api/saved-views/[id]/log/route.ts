/** A saved view's history (newest first), for those who see the view. */
import { apiRoute } from "@/lib/api/route";
import { viewLog } from "@/lib/saved-views/log";
import { viewIdOf, viewScope } from "@/lib/saved-views/route-context";
import { findVisibleView } from "@/lib/saved-views/store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, params, user }) => {
  const scope = await viewScope(request);
  const view = await findVisibleView(scope, user, viewIdOf(params));
  return { entries: await viewLog(scope.db, view.id) };
});
