/** "Test": the account type and permissions of the connection's key, and whether affiliate reports answer. */
import { ApiError, apiRoute } from "@/lib/api/route";
import { resolveConnection } from "@/lib/exchange/connections";
import { testConnection } from "@/lib/exchange/test-connection";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "admin" }, async ({ params }) => {
  const connection = await resolveConnection(String(params.id ?? ""));
  if (!connection) throw new ApiError(404, "NOT_FOUND", "no such connection");
  return testConnection(connection);
});
