/**
 * Trading actions other than idempotent contract placement (lib/trading/intents.ts):
 * batch cancel, TP/SL and spot batch placement, each validated, sent once and
 * audited (lib/trading/audit.ts: who, when, the connection, the request and the answer).
 */
import "server-only";
import { ApiError } from "@/lib/api/route";
import type { SessionUser } from "@/lib/auth/session";
import { pooledClient } from "@/lib/exchange/client-pool";
import { statusForError } from "@/lib/exchange/proxy";
import type { ResolvedConnection } from "@/lib/exchange/types";
import { ENDPOINTS, type EndpointDef, type ResponseOf } from "@/lib/weex/endpoints";
import { isWeexError, type WeexError } from "@/lib/weex/errors";
import { validateParams } from "@/lib/weex/validation";
import { BATCH_UNAVAILABLE_CODE, type SpotBatchAnswer } from "./answers";
import { audit } from "./audit";
import { enforceSymbolRules } from "./symbol-check";

type AuditedId = "contractBatchCancel" | "placeTpSlOrder" | "spotBatchOrders";

/**
 * One trading call, validated by the endpoints table (a refusal sends nothing),
 * sent once (never retried blindly) and written to the audit log with its
 * answer or its error.
 */
async function auditedCall<Id extends AuditedId>(
  input: { user: SessionUser; connection: ResolvedConnection; body: unknown },
  id: Id,
): Promise<{ ok: true; value: ResponseOf<Id> } | { ok: false; error: WeexError }> {
  const checked = validateParams(ENDPOINTS[id] as EndpointDef, input.body);
  if (!checked.ok) throw new ApiError(400, checked.code, checked.msg, checked.field ? { field: checked.field } : undefined);
  const entry = { user: input.user, connection: input.connection, action: id, request: checked.value };
  const pooled = pooledClient(input.connection);
  try {
    const value = (await pooled.client.call(id, checked.value as never)) as ResponseOf<Id>;
    pooled.reads.clear(); // what reads return has changed: no cached answer from before this write
    await audit({ ...entry, response: value });
    return { ok: true, value };
  } catch (error) {
    pooled.reads.clear();
    if (!isWeexError(error)) throw error;
    await audit({ ...entry, response: { code: error.code, msg: error.msg, outcomeUnknown: error.outcomeUnknown } });
    return { ok: false, error };
  }
}

/** The API error for a failed trading call; an unknown outcome says what to check before trying again. */
function tradingError(error: WeexError, whenUnknown: string): ApiError {
  const { status, body } = statusForError(error);
  const { code, msg } = body as { code: number; msg: string };
  return new ApiError(status, code, error.outcomeUnknown ? `${msg} (${whenUnknown})` : msg);
}

export async function cancelContractOrders(input: {
  user: SessionUser;
  connection: ResolvedConnection;
  body: unknown;
}): Promise<ResponseOf<"contractBatchCancel">> {
  const result = await auditedCall(input, "contractBatchCancel");
  if (result.ok) return result.value;
  throw tradingError(result.error, "the cancellation may or may not have been applied: refresh the orders");
}

/**
 * A take-profit or stop-loss conditional order on a position, audited. Its
 * clientAlgoId is the exchange's own guard against doing it twice: sending the
 * same one again is refused as a duplicate.
 */
export async function placeTpSl(input: { user: SessionUser; connection: ResolvedConnection; body: unknown }): Promise<ResponseOf<"placeTpSlOrder">> {
  const checked = validateParams(ENDPOINTS.placeTpSlOrder, input.body);
  if (checked.ok) {
    // The symbol's rules (a bad request is refused by auditedCall with its own code, below).
    const tpsl = checked.value;
    await enforceSymbolRules(input.connection, tpsl.symbol, {
      side: tpsl.positionSide === "LONG" ? "SELL" : "BUY",
      type: "MARKET",
      quantity: tpsl.quantity,
      otherPrices: { triggerPrice: tpsl.triggerPrice, executePrice: tpsl.executePrice },
    });
  }
  const result = await auditedCall(input, "placeTpSlOrder");
  if (result.ok) return result.value;
  throw tradingError(result.error, "the conditional order may or may not have been placed: check the conditional order history before trying again");
}

/**
 * Spot batch placement (up to 10 orders), audited. The exchange answers -1150 today: that is an
 * expected state of the endpoint, answered as `{ available: false, code, msg }` (nothing was placed);
 * where it is served, each element's own result. Other refusals are errors.
 */
export async function placeSpotBatch(input: { user: SessionUser; connection: ResolvedConnection; body: unknown }): Promise<SpotBatchAnswer> {
  const result = await auditedCall(input, "spotBatchOrders");
  if (result.ok) return { available: true, orderList: result.value.orderList };
  const { error } = result;
  if (error.code === BATCH_UNAVAILABLE_CODE && !error.outcomeUnknown) return { available: false, code: error.code, msg: error.msg };
  throw tradingError(error, "the orders may or may not have been placed: check the open orders before trying again");
}
