/** One webhook endpoint: delete it (its owner or an admin). Deliveries still queued for it then fail, saying so. */
import { apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { manageableEndpoint } from "@/lib/notify/webhook-access";
import { deleteWebhookEndpoint } from "@/lib/notify/webhook-endpoints";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ role: "analyst" }, async ({ user, params }) => {
  const db = await getDb();
  const endpoint = await manageableEndpoint(db, user, params.id);
  await deleteWebhookEndpoint(db, endpoint.id);
  return undefined;
});
