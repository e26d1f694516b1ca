/** Exchange connections: list (everyone signed in, secrets never included) and add (admin). */
import { ApiError, apiRoute } from "@/lib/api/route";
import { createConnection, listConnections, newConnectionSchema } from "@/lib/exchange/connections";
import { baseUrlRefusal } from "@/lib/exchange/guarded-fetch";
import { connectionForRequest } from "@/lib/exchange/selection";
import type { ConnectionsAnswer } from "@/lib/exchange/types";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async ({ request }): Promise<ConnectionsAnswer> => {
  const connections = await listConnections();
  const selected = connections.length > 0 ? await connectionForRequest(request) : undefined;
  return { connections, selectedId: selected?.id ?? null };
});

export const POST = apiRoute({ role: "admin", body: newConnectionSchema }, async ({ body, user }) => {
  // The server will call these URLs: each host must resolve to addresses it may reach (lib/exchange/url-policy.ts).
  for (const field of ["spotBaseUrl", "contractBaseUrl"] as const) {
    const refusal = await baseUrlRefusal(body[field]);
    if (refusal) throw new ApiError(400, "URL_NOT_ALLOWED", `${field} ${refusal}`, { field });
  }
  return Response.json(await createConnection(body, user.id), { status: 201, headers: { "Cache-Control": "no-store" } });
});
