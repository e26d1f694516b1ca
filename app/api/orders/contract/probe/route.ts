/**
 * Resolves an order intent left UNKNOWN: `POST /api/orders/contract/probe` with
 * the intent's `Idempotency-Key`. Sends the same request with the same client
 * order id once more: a duplicate-client-id refusal proves it was placed; an
 * acceptance places it now (it had never arrived). Other states: the stored answer.
 */
import { ApiError, apiRoute } from "@/lib/api/route";
import { connectionForRequest } from "@/lib/exchange/selection";
import { intentResponse, probeContractOrder } from "@/lib/trading/intents";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "trader" }, async ({ user, request }) => {
  const key = request.headers.get("idempotency-key")?.trim();
  if (!key) throw new ApiError(400, "IDEMPOTENCY_KEY_REQUIRED", "an Idempotency-Key header is required");
  const connection = await connectionForRequest(request);
  return intentResponse(() => probeContractOrder({ user, connection, key }));
});
