/** "Evaluate now" (admin): every active rule of the request's connection, at once, as after a sync run; answers what each found. */
import { apiRoute } from "@/lib/api/route";
import { evaluateConnection } from "@/lib/alerts/evaluate";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "admin" }, async ({ request }) => {
  const connection = await connectionForRequest(request);
  const { outcomes, events } = await evaluateConnection(await getDb(), connection.id);
  return { outcomes, fired: events.length };
});
