/** Warehouse sync of the request's connection: status of every report (viewer), "Sync now" (analyst, 202). */
import { apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import { startSync } from "@/lib/sync/scheduler";
import { syncStatus } from "@/lib/sync/status-view";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async ({ request }) => {
  const connection = await connectionForRequest(request);
  return syncStatus(connection);
});

export const POST = apiRoute({ role: "analyst" }, async ({ request }) => {
  const connection = await connectionForRequest(request);
  const { started } = startSync(connection.id);
  return Response.json({ connectionId: connection.id, started, running: true }, { status: 202, headers: { "Cache-Control": "no-store" } });
});
