/**
 * The signed proxy: `GET /api/exchange/<endpointId>?<params>` for GET endpoints,
 * `POST` (or the endpoint's own method) with a JSON body for the others. Only
 * endpoints of the table; role checked against the endpoint's category inside
 * proxyCall; client-sent ACCESS-* headers are never read or forwarded.
 */
import { apiRoute } from "@/lib/api/route";
import { proxyCall, toBrowserJson } from "@/lib/exchange/proxy";
import { connectionForRequest } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

const handle = apiRoute({ role: "viewer" }, async ({ user, request, params }) => {
  const connection = await connectionForRequest(request);
  const result = await proxyCall({
    endpoint: String(params.endpoint ?? ""),
    method: request.method.toUpperCase(),
    query: new URL(request.url).search.replace(/^\?/, ""),
    body: request.method.toUpperCase() === "GET" ? "" : await request.text(),
    role: user.role,
    connection,
  });
  return new Response(toBrowserJson(result.body), {
    status: result.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...result.headers },
  });
});

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
