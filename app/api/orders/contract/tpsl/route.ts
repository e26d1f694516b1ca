/**
 * Take-profit / stop-loss conditional orders on a position, audited:
 * `POST /api/orders/contract/tpsl` with the placeTpSlOrder parameters
 * (clientAlgoId included). Answers each result item; never retried blindly.
 */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import { placeTpSl } from "@/lib/trading/orders";
import type { TpSlAnswer } from "@/lib/trading/answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "trader", body: z.record(z.string(), z.unknown()) }, async ({ user, request, body }): Promise<TpSlAnswer> => {
  const connection = await connectionForRequest(request);
  return { results: await placeTpSl({ user, connection, body }) };
});
