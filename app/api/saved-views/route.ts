/** Saved views: those this person sees on the connection (their own and the team's), and a new one (analyst). */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { newSavedViewSchema } from "@/lib/saved-views/inputs";
import { viewScope } from "@/lib/saved-views/route-context";
import { createSavedView, listSavedViews } from "@/lib/saved-views/store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, user }) => ({ views: await listSavedViews(await viewScope(request), user, now()) }));

export const POST = apiRoute({ role: "analyst", body: newSavedViewSchema }, async ({ request, user, body }) => {
  const view = await createSavedView(await viewScope(request), user, body, now());
  return Response.json(view, { status: 201, headers: { "Cache-Control": "no-store" } });
});
