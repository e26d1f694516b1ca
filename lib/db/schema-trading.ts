/**
 * The trading tables (lib/trading): the order route's idempotent intents and the audit of every trading action.
 * Part of lib/db/schema.ts (re-exported there), in a file of their own.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

/** Trading intents of the idempotent order route: written before anything is sent, one per key and connection. */
export const ORDER_INTENT_STATES = ["PENDING", "PLACED", "REJECTED", "UNKNOWN"] as const;
export type OrderIntentState = (typeof ORDER_INTENT_STATES)[number];

export const orderIntents = pgTable(
  "order_intents",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    /** The client's Idempotency-Key header: one intent, and one client order id, per key, user and connection. */
    idempotencyKey: text("idempotency_key").notNull(),
    clientOrderId: text("client_order_id").notNull(),
    userId: text("user_id").notNull(),
    /** The exchange request exactly as validated (sent at most once, plus an explicit duplicate probe). */
    request: jsonb("request").notNull(),
    state: text("state", { enum: ORDER_INTENT_STATES }).notNull(),
    /** The exchange's answer, or the error that left the outcome unknown. */
    response: jsonb("response"),
    ...timestamps,
  },
  (t) => [
    // Per user too: a key another trader happens to reuse must never answer with their order.
    uniqueIndex("order_intents_connection_user_key_unique").on(t.connectionId, t.userId, t.idempotencyKey),
    index("order_intents_connection_client_order_idx").on(t.connectionId, t.clientOrderId),
    check("order_intents_state_check", sql`${t.state} in ('PENDING', 'PLACED', 'REJECTED', 'UNKNOWN')`),
  ],
);

/** Every trading action: who, when, on which connection, what was asked and what came back. */
export const tradeAudit = pgTable(
  "trade_audit",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    userId: text("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    connectionId: text("connection_id").notNull(),
    /** contractPlaceOrder, contractPlaceOrder:replay, contractPlaceOrder:probe, contractBatchCancel… */
    action: text("action").notNull(),
    request: jsonb("request").notNull(),
    response: jsonb("response"),
  },
  (t) => [index("trade_audit_at_idx").on(t.at), index("trade_audit_connection_at_idx").on(t.connectionId, t.at)],
);
