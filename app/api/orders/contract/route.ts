/**
 * Idempotent contract order placement: `POST /api/orders/contract` with an
 * `Idempotency-Key` header and the order (the contractPlaceOrder parameters,
 * newClientOrderId included) as the JSON body. The intent is stored before it
 * is sent; a repeat of the key answers the stored intent and never sends again.
 * 200 PLACED | REJECTED, 202 UNKNOWN, 409 while the same key is in flight (see lib/trading/intents.ts).
 */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import { intentResponse, placeContractOrder } from "@/lib/trading/intents";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "trader", body: z.record(z.string(), z.unknown()) }, async ({ user, request, body }) => {
  const key = request.headers.get("idempotency-key")?.trim();
  if (!key) throw new ApiError(400, "IDEMPOTENCY_KEY_REQUIRED", "an Idempotency-Key header is required");
  const connection = await connectionForRequest(request);
  return intentResponse(() => placeContractOrder({ user, connection, key, order: body }));
});
