/**
 * A connection's price basis (docs/prices.md): when a day's USDT price is taken, 00:00 UTC (default)
 * or 00:00 UTC+8. Everyone signed in reads it; admins change it (the next sync fills that basis's closes).
 */
import { ApiError, apiRoute, type RouteParams } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { resolveConnection } from "@/lib/exchange/connections";
import { priceBasisBodySchema, priceBasisOf, setPriceBasis } from "@/lib/prices/basis";

export const dynamic = "force-dynamic";

async function connectionId(params: RouteParams): Promise<string> {
  const id = String(params.id ?? "");
  if (!(await resolveConnection(id))) throw new ApiError(404, "NOT_FOUND", "no such connection");
  return id;
}

export const GET = apiRoute({ role: "viewer" }, async ({ params }) => {
  const id = await connectionId(params);
  return { connectionId: id, priceBasis: await priceBasisOf(await getDb(), id) };
});

export const PUT = apiRoute({ role: "admin", body: priceBasisBodySchema }, async ({ params, body }) => {
  const id = await connectionId(params);
  await setPriceBasis(await getDb(), id, body.priceBasis);
  return { connectionId: id, priceBasis: body.priceBasis };
});
