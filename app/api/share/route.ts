/** Share links: the list for the Reports page, and a new link for exactly the view it is made from (analyst). */
import { apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";
import { assertViewSource } from "@/lib/saved-views/store";
import { createShareLinkFromView, newShareLinkSchema, shareLinkList } from "@/lib/share/manage";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ user }) => ({ links: await shareLinkList(await getDb(), user) }));

export const POST = apiRoute({ role: "analyst", body: newShareLinkSchema }, async ({ body, user, request }) => {
  const connection = await connectionForRequest(request);
  const db = await getDb();
  await assertViewSource({ db, connectionId: connection.id }, user, body.savedViewId, body.report);
  const created = await createShareLinkFromView(db, body, connection.id, user);
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
