/** Alert rules of the request's connection: the list (own; an admin's: all) and a new rule of one's own (analyst). */
import { apiRoute } from "@/lib/api/route";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { createRule, listRules, ruleViewOf } from "@/lib/alerts/rules-store";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";
import { checkUsableEndpoints } from "@/lib/notify/endpoint-refs";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, user }) => {
  const connection = await connectionForRequest(request);
  return { rules: await listRules(await getDb(), user, connection.id) };
});

export const POST = apiRoute({ role: "analyst", body: ruleInputSchema }, async ({ request, user, body }) => {
  const connection = await connectionForRequest(request);
  const db = await getDb();
  await checkUsableEndpoints(db, user, body.channels.webhooks, "channels.webhooks");
  const rule = await createRule(db, body, connection.id, user, now());
  return Response.json(await ruleViewOf(db, rule, user.email, user), { status: 201, headers: { "Cache-Control": "no-store" } });
});
