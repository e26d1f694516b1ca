/** The navigation's badge: unacknowledged alerts the user may see on the request's connection (0 for viewers, who have no alerts). */
import { apiRoute } from "@/lib/api/route";
import { unacknowledgedCount } from "@/lib/alerts/events-store";
import { hasRole } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { connectionForRequest } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async ({ request, user }) => {
  if (!hasRole(user.role, "analyst")) return { unacknowledged: 0 };
  const connection = await connectionForRequest(request);
  return { unacknowledged: await unacknowledgedCount(await getDb(), user, connection.id) };
});
