/** Exchange connections: list (everyone signed in, secrets never included) and add (admin). */
import { apiRoute } from "@/lib/api/route";
import { createConnection, listConnections, newConnectionSchema } from "@/lib/exchange/connections";
import { connectionForRequest } from "@/lib/exchange/selection";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async ({ request }) => {
  const connections = await listConnections();
  const selected = connections.length > 0 ? await connectionForRequest(request) : undefined;
  return { connections, selectedId: selected?.id ?? null };
});

export const POST = apiRoute({ role: "admin", body: newConnectionSchema }, async ({ body, user }) => {
  return Response.json(await createConnection(body, user.id), { status: 201, headers: { "Cache-Control": "no-store" } });
});
