/** Digests: the list (an admin's: every digest; anyone else's: their own), and a new digest of the view it is made from (analyst). */
import { apiRoute } from "@/lib/api/route";
import { hasRole } from "@/lib/auth/roles";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { newDigestSchema } from "@/lib/digests/input";
import { createDigest, listDigests } from "@/lib/digests/store";
import { digestViews } from "@/lib/digests/view";
import { connectionForRequest } from "@/lib/exchange/selection";
import { checkUsableEndpoints } from "@/lib/notify/endpoint-refs";
import { assertViewSource } from "@/lib/saved-views/store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ user }) => {
  const db = await getDb();
  const rows = await listDigests(db, hasRole(user.role, "admin") ? {} : { ownerUserId: user.id });
  return { digests: await digestViews(db, rows, user) };
});

export const POST = apiRoute({ role: "analyst", body: newDigestSchema }, async ({ body, user, request }) => {
  const connection = await connectionForRequest(request);
  const db = await getDb();
  await checkUsableEndpoints(db, user, body.webhookEndpointIds, "webhookEndpointIds");
  await assertViewSource({ db, connectionId: connection.id }, user, body.savedViewId, body.report);
  const row = await createDigest(db, body, connection.id, user, now());
  const [view] = await digestViews(db, [row], user);
  return Response.json({ digest: view }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
