/** A new signing secret for an endpoint (its owner or an admin): answered once; the old one stops signing at once. */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { manageableEndpoint } from "@/lib/notify/webhook-access";
import { rotateWebhookSecret } from "@/lib/notify/webhook-endpoints";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "analyst" }, async ({ user, params }) => {
  const db = await getDb();
  const endpoint = await manageableEndpoint(db, user, params.id);
  return { id: endpoint.id, secret: await rotateWebhookSecret(db, endpoint.id, now()) };
});
