/**
 * Spot batch placement, audited: `POST /api/orders/spot-batch` with
 * `{ symbol, orderList: [...up to 10] }`. The exchange answers -1150 today:
 * `{ available: false, code: -1150, msg }` (nothing placed); where it serves
 * the endpoint, `{ available: true, orderList }` with each element's own
 * result. Other refusals: `{code,msg}` with their status. Never retried blindly.
 */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import { placeSpotBatch } from "@/lib/trading/orders";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "trader", body: z.record(z.string(), z.unknown()) }, async ({ user, request, body }) => {
  const connection = await connectionForRequest(request);
  return placeSpotBatch({ user, connection, body });
});
