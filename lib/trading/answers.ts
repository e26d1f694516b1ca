/**
 * What the trading routes answer, typed once for both sides: lib/trading/orders.ts
 * (server-only) builds these, the Orders page reads them. Browser-safe: types and
 * constants only, nothing that reaches the database or the exchange.
 */
import type { OrderIntentState } from "@/lib/db/schema";
import type { ResponseOf } from "@/lib/weex/endpoints";

/** `POST /api/orders/contract` and `/probe`: one stored order intent (200 settled, 202 open). */
export type IntentAnswer = {
  idempotencyKey: string;
  clientOrderId: string;
  state: OrderIntentState;
  /** The system order id, when the exchange told us. */
  orderId: string | null;
  /** A refusal: the exchange's errorCode/errorMessage, or its transport code and msg. */
  error: { code: string | number; msg: string } | null;
  /** True when this answer comes from the store, not from a call made for this request. */
  replayed: boolean;
  /** How an UNKNOWN intent was resolved, when it was. */
  resolvedBy?: "duplicate-refusal" | "placed-by-probe";
  createdAt: string;
  updatedAt: string;
};

/** What an order intent asked for (the validated contractPlaceOrder request, as stored). */
export type IntentRequest = {
  symbol: string;
  side: string;
  positionSide: string;
  type: string;
  quantity: string;
  price?: string;
  timeInForce?: string;
  tpTriggerPrice?: string;
  slTriggerPrice?: string;
  TpWorkingType?: string;
  SlWorkingType?: string;
};

/** `GET /api/orders/contract/intents`: the contract orders placed through the app on the connection, newest first. */
export type ContractIntentsAnswer = { intents: Array<IntentAnswer & { request: IntentRequest }> };

/** `POST /api/orders/contract/cancel`: each element's own result. */
export type CancelAnswer = { results: ResponseOf<"contractBatchCancel"> };

/** `POST /api/orders/contract/tpsl`: each result item. */
export type TpSlAnswer = { results: ResponseOf<"placeTpSlOrder"> };

/** The exchange's answer to spot batch placement today: "request method not supported". */
export const BATCH_UNAVAILABLE_CODE = -1150;

/** `POST /api/orders/spot-batch`: unavailable (-1150, nothing placed) or each element's own result. */
export type SpotBatchAnswer =
  | { available: true; orderList: ResponseOf<"spotBatchOrders">["orderList"] }
  | { available: false; code: number; msg: string };

/** One row of `GET /api/orders/audit`. */
export type AuditEntry = {
  id: string;
  at: string;
  userId: string;
  userEmail: string;
  connectionId: string;
  action: string;
  request: unknown;
  response: unknown;
};

/** `GET /api/orders/audit`: newest first. */
export type AuditAnswer = { entries: AuditEntry[] };
