/**
 * Trading actions with safe retries and an audit trail.
 *
 * Contract order placement is idempotent per (connection, Idempotency-Key):
 *   1. the request is validated by the endpoints table (nothing stored or sent when it is bad);
 *   2. the intent is stored PENDING under the key (a unique index: of two identical submits racing,
 *      exactly one row is written and only its writer sends);
 *   3. the order is sent once; the answer makes it PLACED (accepted) or REJECTED (refused: nothing
 *      was placed); a lost answer (timeout, dropped connection, 5xx: `WeexError.outcomeUnknown`)
 *      makes it UNKNOWN;
 *   4. a repeat of the key never sends: it answers the stored intent (PENDING while the first is in
 *      flight, UNKNOWN until resolved).
 * An UNKNOWN intent is resolved only on an explicit request (`probeContractOrder`): the SAME request,
 * with the SAME client order id, is sent again. The exchange refuses a client order id it already has
 * (DUPLICATE_CLIENT_ORDER_ID), so the probe can never make a second order: a duplicate refusal proves
 * the first send was accepted (PLACED; the exchange does not say its orderId there), an acceptance
 * means the first send never arrived and the order is placed now, exactly once, and any other refusal
 * means REJECTED. The person is told, before probing, that the probe places the order if it is missing.
 *
 * Every action (send, replay, probe, cancel) is written to trade_audit with who, when, the connection,
 * the request and the answer.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/route";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { orderIntents, type OrderIntentState } from "@/lib/db/schema";
import { pooledClient } from "@/lib/exchange/client-pool";
import { statusForError } from "@/lib/exchange/proxy";
import type { ResolvedConnection } from "@/lib/exchange/types";
import { ENDPOINTS, type EndpointDef, type ResponseOf } from "@/lib/weex/endpoints";
import { isWeexError, type WeexError } from "@/lib/weex/errors";
import { validateParams } from "@/lib/weex/validation";
import { BATCH_UNAVAILABLE_CODE, type IntentAnswer, type SpotBatchAnswer } from "./answers";
import { audit, jsonSafe } from "./audit";

/** The exchange's refusal of a client order id it has already seen (contract place results). */
export const DUPLICATE_CLIENT_ORDER_ID = "DUPLICATE_CLIENT_ORDER_ID";

/** Idempotency keys: what a browser generates (UUIDs) and a little more. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

type IntentRow = typeof orderIntents.$inferSelect;
type PlaceResult = ResponseOf<"contractPlaceOrder">;

type StoredResponse =
  | { kind: "result"; result: PlaceResult; resolvedBy?: IntentAnswer["resolvedBy"] }
  | { kind: "refused"; code: string | number; msg: string; status: number }
  | { kind: "unknown"; code: string | number; msg: string };

function answerOf(row: IntentRow, replayed: boolean): IntentAnswer {
  const stored = row.response as StoredResponse | null;
  let orderId: string | null = null;
  let error: IntentAnswer["error"] = null;
  let resolvedBy: IntentAnswer["resolvedBy"];
  if (stored?.kind === "result") {
    orderId = stored.result.orderId ? String(stored.result.orderId) : null;
    if (!stored.result.success && stored.resolvedBy !== "duplicate-refusal") error = { code: stored.result.errorCode, msg: stored.result.errorMessage };
    resolvedBy = stored.resolvedBy;
    if (resolvedBy === "duplicate-refusal") orderId = null;
  } else if (stored?.kind === "refused" || stored?.kind === "unknown") {
    error = { code: stored.code, msg: stored.msg };
  }
  return {
    idempotencyKey: row.idempotencyKey,
    clientOrderId: row.clientOrderId,
    state: row.state,
    orderId,
    error,
    replayed,
    ...(resolvedBy ? { resolvedBy } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** HTTP status of an intent answer: 202 while the outcome is open (PENDING, UNKNOWN), else 200. */
export function statusOfAnswer(answer: IntentAnswer): number {
  return answer.state === "UNKNOWN" || answer.state === "PENDING" ? 202 : 200;
}

/** A stable text of a request for comparing a repeat with the stored intent. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sort(x)])) : v;
  return JSON.stringify(sort(jsonSafe(value)));
}

/** Sends the order once and classifies the answer. Never throws for an exchange failure. */
async function send(connection: ResolvedConnection, request: unknown): Promise<{ state: OrderIntentState; stored: StoredResponse }> {
  const pooled = pooledClient(connection);
  try {
    const result = await pooled.client.call("contractPlaceOrder", request as never);
    return { state: result.success ? "PLACED" : "REJECTED", stored: { kind: "result", result } };
  } catch (error) {
    if (isWeexError(error)) {
      if (error.outcomeUnknown) return { state: "UNKNOWN", stored: { kind: "unknown", code: error.code, msg: error.msg } };
      return { state: "REJECTED", stored: { kind: "refused", code: error.code, msg: error.msg, status: statusForError(error).status } };
    }
    // Anything else after the call began: we cannot know whether it was sent.
    return { state: "UNKNOWN", stored: { kind: "unknown", code: "INTERNAL", msg: error instanceof Error ? error.message : "unexpected failure" } };
  } finally {
    pooled.reads.clear(); // an order may exist now: no cached read from before it
  }
}

async function findIntent(connectionId: string, key: string): Promise<IntentRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orderIntents)
    .where(and(eq(orderIntents.connectionId, connectionId), eq(orderIntents.idempotencyKey, key)))
    .limit(1);
  return row;
}

async function finish(id: string, from: OrderIntentState, state: OrderIntentState, stored: StoredResponse): Promise<IntentRow> {
  const db = await getDb();
  const [row] = await db
    .update(orderIntents)
    .set({ state, response: jsonSafe(stored), updatedAt: new Date() })
    .where(and(eq(orderIntents.id, id), eq(orderIntents.state, from)))
    .returning();
  if (!row) throw new ApiError(409, "INTENT_CHANGED", "the intent changed while it was being sent");
  return row;
}

/** Places a contract order at most once per (connection, key). */
export async function placeContractOrder(input: {
  user: SessionUser;
  connection: ResolvedConnection;
  key: string;
  order: Record<string, unknown>;
}): Promise<IntentAnswer> {
  const { user, connection, key } = input;
  if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, "BAD_IDEMPOTENCY_KEY", "Idempotency-Key must be 8-100 letters, digits or . _ : -");
  const checked = validateParams(ENDPOINTS.contractPlaceOrder, input.order);
  if (!checked.ok) throw new ApiError(400, checked.code, checked.msg, checked.field ? { field: checked.field } : undefined);
  const request = checked.value;

  const db = await getDb();
  const [created] = await db
    .insert(orderIntents)
    .values({
      id: randomUUID(),
      connectionId: connection.id,
      idempotencyKey: key,
      clientOrderId: request.newClientOrderId,
      userId: user.id,
      request: jsonSafe(request),
      state: "PENDING",
    })
    .onConflictDoNothing()
    .returning();

  if (!created) {
    const existing = await findIntent(connection.id, key);
    if (!existing) throw new ApiError(409, "INTENT_CONFLICT", "the intent could not be stored; try again");
    if (canonical(existing.request) !== canonical(request)) {
      throw new ApiError(409, "IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was used for a different order; a new order needs a new key");
    }
    const answer = answerOf(existing, true);
    await audit({ user, connection, action: "contractPlaceOrder:replay", request: { idempotencyKey: key, ...request }, response: answer });
    return answer;
  }

  const { state, stored } = await send(connection, request);
  const row = await finish(created.id, "PENDING", state, stored);
  await audit({ user, connection, action: "contractPlaceOrder", request: { idempotencyKey: key, ...request }, response: { state, ...stored } });
  return answerOf(row, false);
}

/**
 * Resolves an UNKNOWN intent with the duplicate-client-id probe (see the module comment).
 * Other states are answered as stored, without a call.
 */
export async function probeContractOrder(input: { user: SessionUser; connection: ResolvedConnection; key: string }): Promise<IntentAnswer> {
  const { user, connection, key } = input;
  const existing = await findIntent(connection.id, key);
  if (!existing) throw new ApiError(404, "NOT_FOUND", "no order intent has this Idempotency-Key on this connection");
  if (existing.state !== "UNKNOWN") return answerOf(existing, true);

  // Claim it: of two probes at once, one sends (and the other would be refused as a duplicate anyway).
  const db = await getDb();
  const [claimed] = await db
    .update(orderIntents)
    .set({ state: "PENDING", updatedAt: new Date() })
    .where(and(eq(orderIntents.id, existing.id), eq(orderIntents.state, "UNKNOWN")))
    .returning();
  if (!claimed) return answerOf((await findIntent(connection.id, key)) ?? existing, true);

  const sent = await send(connection, existing.request);
  let state = sent.state;
  let stored = sent.stored;
  if (stored.kind === "result") {
    if (!stored.result.success && stored.result.errorCode === DUPLICATE_CLIENT_ORDER_ID) {
      state = "PLACED";
      stored = { ...stored, resolvedBy: "duplicate-refusal" };
    } else if (stored.result.success) {
      stored = { ...stored, resolvedBy: "placed-by-probe" };
    }
  }
  const row = await finish(existing.id, "PENDING", state, stored);
  await audit({ user, connection, action: "contractPlaceOrder:probe", request: { idempotencyKey: key, ...(existing.request as object) }, response: { state, ...stored } });
  return answerOf(row, false);
}

/** Batch cancel (up to 10 ids or client ids): each element's own result, audited. */
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
