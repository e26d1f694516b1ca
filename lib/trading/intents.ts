/**
 * Idempotent contract order placement and its probe.
 *
 * Contract order placement is idempotent per (connection, user, Idempotency-Key) — per user, so a
 * key another trader happens to reuse never answers with someone else's order:
 *   1. the request is validated by the endpoints table and the symbol's price and quantity rules
 *      (lib/trading/symbol-check.ts; nothing stored or sent when it is bad);
 *   2. the intent is stored PENDING under the key (a unique index: of two identical submits racing,
 *      exactly one row is written and only its writer sends);
 *   3. the order is sent once; the answer makes it PLACED (accepted) or REJECTED (refused: nothing
 *      was placed); a lost answer (timeout, dropped connection, 5xx: `WeexError.outcomeUnknown`)
 *      makes it UNKNOWN;
 *   4. a repeat of the key never sends: it answers the stored intent (UNKNOWN until resolved), or
 *      409 INTENT_IN_PROGRESS while the first is still in flight (there is no answer to repeat yet).
 * An UNKNOWN intent is resolved only on an explicit request (`probeContractOrder`): the SAME request,
 * with the SAME client order id, is sent again. The exchange refuses a client order id it already has
 * (DUPLICATE_CLIENT_ORDER_ID), so the probe can never make a second order: a duplicate refusal proves
 * the first send was accepted (PLACED, with the orderId the refusal reports, if any), an acceptance
 * means the first send never arrived and the order is placed now, exactly once, and any other refusal
 * means REJECTED. The person is told, before probing, that the probe places the order if it is missing.
 * Every send, replay and probe is audited (lib/trading/audit.ts).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/route";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { orderIntents, type OrderIntentState } from "@/lib/db/schema";
import { pooledClient } from "@/lib/exchange/client-pool";
import { exchangeSettings } from "@/lib/exchange/settings";
import { statusForError } from "@/lib/exchange/proxy";
import type { ResolvedConnection } from "@/lib/exchange/types";
import { ENDPOINTS, type ResponseOf } from "@/lib/weex/endpoints";
import { isWeexError, type WeexError } from "@/lib/weex/errors";
import { validateParams } from "@/lib/weex/validation";
import type { IntentAnswer } from "./answers";
import { audit, jsonSafe } from "./audit";
import { enforceSymbolRules } from "./symbol-check";

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

export function answerOf(row: IntentRow, replayed: boolean): IntentAnswer {
  const stored = row.response as StoredResponse | null;
  let orderId: string | null = null;
  let error: IntentAnswer["error"] = null;
  let resolvedBy: IntentAnswer["resolvedBy"];
  if (stored?.kind === "result") {
    // An id on a refusal names another order (e.g. the holder of a duplicate client id): only an
    // accepted order, or one a duplicate refusal proved to be ours, is this intent's order.
    const ours = stored.result.success || stored.resolvedBy === "duplicate-refusal";
    orderId = ours && stored.result.orderId ? String(stored.result.orderId) : null;
    if (!stored.result.success && stored.resolvedBy !== "duplicate-refusal") error = { code: stored.result.errorCode, msg: stored.result.errorMessage };
    resolvedBy = stored.resolvedBy;
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
    // A person is waiting: a short wait for the weight budget, else nothing is sent (budgetBusyResponse).
    const result = await pooled.client.call("contractPlaceOrder", request as never, { maxWaitMs: exchangeSettings().liveWaitMs });
    return { state: result.success ? "PLACED" : "REJECTED", stored: { kind: "result", result } };
  } catch (error) {
    if (isBudgetBusy(error)) throw error; // never sent: the caller gives the intent back
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

function isBudgetBusy(error: unknown): error is WeexError {
  return isWeexError(error) && error.kind === "budget-queue-full";
}

/**
 * The HTTP answer of a place or probe: the intent (statusOfAnswer), or, when the weight budget could
 * not take the order in time, 503 with Retry-After — nothing was sent and the key is free again.
 */
export async function intentResponse(run: () => Promise<IntentAnswer>): Promise<Response> {
  const noStore = { "Cache-Control": "no-store" };
  try {
    const answer = await run();
    return Response.json(answer, { status: statusOfAnswer(answer), headers: noStore });
  } catch (error) {
    if (!isBudgetBusy(error)) throw error;
    const { status, body, headers } = statusForError(error);
    return Response.json(body, { status, headers: { ...headers, ...noStore } });
  }
}

async function findIntent(connectionId: string, userId: string, key: string): Promise<IntentRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orderIntents)
    .where(and(eq(orderIntents.connectionId, connectionId), eq(orderIntents.userId, userId), eq(orderIntents.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** A repeat while the first request is still with the exchange: nothing to answer yet, and nothing is sent. */
function inProgress(): ApiError {
  return new ApiError(409, "INTENT_IN_PROGRESS", "an order with this Idempotency-Key is being sent right now; ask again in a moment");
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

/** Places a contract order at most once per (connection, user, key). */
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
  // The symbol's price and quantity rules: a breach is refused here, before anything is stored or sent.
  await enforceSymbolRules(connection, request.symbol, {
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    price: request.price,
    otherPrices: { tpTriggerPrice: request.tpTriggerPrice, slTriggerPrice: request.slTriggerPrice },
  });

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
    const existing = await findIntent(connection.id, user.id, key);
    if (!existing) throw new ApiError(409, "INTENT_CONFLICT", "the intent could not be stored; try again");
    if (canonical(existing.request) !== canonical(request)) {
      throw new ApiError(409, "IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was used for a different order; a new order needs a new key");
    }
    if (existing.state === "PENDING") throw inProgress();
    const answer = answerOf(existing, true);
    await audit({ user, connection, action: "contractPlaceOrder:replay", request: { idempotencyKey: key, ...request }, response: answer });
    return answer;
  }

  const { state, stored } = await send(connection, request).catch(async (error: unknown) => {
    await db.delete(orderIntents).where(and(eq(orderIntents.id, created.id), eq(orderIntents.state, "PENDING")));
    throw error;
  });
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
  const existing = await findIntent(connection.id, user.id, key);
  if (!existing) throw new ApiError(404, "NOT_FOUND", "you have no order intent with this Idempotency-Key on this connection");
  if (existing.state === "PENDING") throw inProgress();
  if (existing.state !== "UNKNOWN") return answerOf(existing, true);

  // Claim it: of two probes at once, one sends (and the other would be refused as a duplicate anyway).
  const db = await getDb();
  const [claimed] = await db
    .update(orderIntents)
    .set({ state: "PENDING", updatedAt: new Date() })
    .where(and(eq(orderIntents.id, existing.id), eq(orderIntents.state, "UNKNOWN")))
    .returning();
  if (!claimed) {
    // Another probe got there first: it is sending (409) or has already settled it (its answer).
    const now = (await findIntent(connection.id, user.id, key)) ?? existing;
    if (now.state === "PENDING") throw inProgress();
    return answerOf(now, true);
  }

  const sent = await send(connection, existing.request).catch(async (error: unknown) => {
    await db.update(orderIntents).set({ state: "UNKNOWN", updatedAt: new Date() }).where(and(eq(orderIntents.id, existing.id), eq(orderIntents.state, "PENDING")));
    throw error;
  });
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
