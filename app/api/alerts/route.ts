/** Fired alerts of the request's connection the user may see (their rules'; an admin's: all), newest first (analyst). */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listEvents } from "@/lib/alerts/events-store";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

const query = z.object({ show: z.enum(["all", "unacknowledged"]).default("all") }).strict();

export const GET = apiRoute({ role: "analyst", query }, async ({ request, user, query }) => {
  const connection = await connectionForRequest(request);
  return listEvents(await getDb(), user, connection.id, { unacknowledgedOnly: query.show === "unacknowledged" });
});
