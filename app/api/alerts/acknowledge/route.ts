/** Acknowledge fired alerts: some by id, or every one the user sees on the request's connection (analyst). */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { acknowledgeEvents } from "@/lib/alerts/events-store";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

const body = z.union([
  z.object({ ids: z.array(z.string().regex(/^alv_[A-Za-z0-9_-]{1,40}$/, "an alert id")).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const POST = apiRoute({ role: "analyst", body }, async ({ request, user, body }) => {
  const connection = await connectionForRequest(request);
  const acknowledged = await acknowledgeEvents(await getDb(), user, connection.id, "all" in body ? "all" : body.ids, now());
  return { acknowledged };
});
