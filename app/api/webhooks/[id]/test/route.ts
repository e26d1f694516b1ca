/** Sends a signed test message to an endpoint now (its owner or an admin) and answers how it went. */
import { apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { sendTestWebhook } from "@/lib/notify/test-delivery";
import { manageableEndpoint } from "@/lib/notify/webhook-access";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "analyst" }, async ({ user, params }) => {
  const db = await getDb();
  const endpoint = await manageableEndpoint(db, user, params.id);
  return sendTestWebhook(db, user, endpoint);
});
