/** Saved views: those this person sees on the connection (their own and the team's; none to a viewer), and a new one (analyst). */
import { apiRoute } from "@/lib/api/route";
import { hasRole } from "@/lib/auth/roles";
import { now } from "@/lib/clock";
import { newSavedViewSchema } from "@/lib/saved-views/inputs";
import { viewScope } from "@/lib/saved-views/route-context";
import { createSavedView, listSavedViews } from "@/lib/saved-views/store";

export const dynamic = "force-dynamic";

// Every signed-in page's navigation asks for the pinned views: a viewer, who reads no reports, gets none (not a 403).
export const GET = apiRoute({ role: "viewer" }, async ({ request, user }) => ({
  views: hasRole(user.role, "analyst") ? await listSavedViews(await viewScope(request), user, now()) : [],
}));

export const POST = apiRoute({ role: "analyst", body: newSavedViewSchema }, async ({ request, user, body }) => {
  const view = await createSavedView(await viewScope(request), user, body, now());
  return Response.json(view, { status: 201, headers: { "Cache-Control": "no-store" } });
});
