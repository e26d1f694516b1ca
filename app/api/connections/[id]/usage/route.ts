/** The weight the app has used on a connection in the current window (our budget, per IP and per UID). */
import { ApiError, apiRoute } from "@/lib/api/route";
import { pooledClient } from "@/lib/exchange/client-pool";
import { resolveConnection } from "@/lib/exchange/connections";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async ({ params }) => {
  const connection = await resolveConnection(String(params.id ?? ""));
  if (!connection) throw new ApiError(404, "NOT_FOUND", "no such connection");
  return pooledClient(connection).client.weightUsed();
});
