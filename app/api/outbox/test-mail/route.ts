/**
 * "Send test mail" (analyst and above): a test message to your own address with the selected
 * connection's Overview PDF attached, sent now — over SMTP, or into the outbox in demo mode.
 */
import { apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";
import { sendTestMail } from "@/lib/notify/test-delivery";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "analyst" }, async ({ user, request }) => {
  const connection = await connectionForRequest(request);
  return sendTestMail(await getDb(), user, connection.id);
});
