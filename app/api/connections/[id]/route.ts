/** Removes a connection an admin added (env and sandbox connections are configured outside the app). */
import { ApiError, apiRoute } from "@/lib/api/route";
import { deleteConnection, ENV_CONNECTION_ID, SANDBOX_CONNECTION_ID } from "@/lib/exchange/connections";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ role: "admin" }, async ({ params }) => {
  const id = String(params.id ?? "");
  if (id === ENV_CONNECTION_ID || id === SANDBOX_CONNECTION_ID) {
    throw new ApiError(409, "READ_ONLY", "this connection comes from the environment and cannot be removed here");
  }
  if (!(await deleteConnection(id))) throw new ApiError(404, "NOT_FOUND", "no such connection");
  return undefined;
});
