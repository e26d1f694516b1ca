// Alerts (lib/alerts): rules a person sets on a connection's warehouse data,
// the events they fire, and the exchange's rate-limit refusals the sync-health
// rules read. Pure definitions (drizzle-kit loads this file through schema.ts).
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One rule: a kind with its parameters (validated per kind by lib/alerts/kinds.ts),
 * the channels it speaks on (in-app always; mail recipients and webhook endpoint
 * ids), a cooldown, and its mute and pause.
 */
export const alertRules = pgTable(
  "alert_rules",
  {
    id: text("id").primaryKey(),
    /** The creator: a rule never shows more than they may see (checked when it fires). */
    ownerUserId: text("owner_user_id").notNull(),
    connectionId: text("connection_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    params: jsonb("params").notNull(),
    /** { mail: string[], webhooks: string[] } (webhook endpoint ids of the webhook_endpoints table). */
    channels: jsonb("channels").notNull(),
    cooldownMinutes: integer("cooldown_minutes").notNull(),
    mutedUntil: timestamp("muted_until", { withTimezone: true, mode: "date" }),
    pausedAt: timestamp("paused_at", { withTimezone: true, mode: "date" }),
    pausedBy: text("paused_by"),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("alert_rules_connection_idx").on(t.connectionId), index("alert_rules_owner_idx").on(t.ownerUserId), check("alert_rules_cooldown_check", sql`${t.cooldownMinutes} > 0`)],
);

/**
 * What a rule found. `condition_key` names the condition (a coin's fall, one
 * deposit record, one dormant invitee), `subject` the data it was found in (the
 * compared period, the last trade day…), so unchanged data never fires twice.
 * `window_start` is the start of the cooldown window it fired in: the unique
 * index makes two instances evaluating at once insert one row, and only the
 * inserter enqueues its messages.
 */
export const alertEvents = pgTable(
  "alert_events",
  {
    id: text("id").primaryKey(),
    ruleId: text("rule_id")
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    connectionId: text("connection_id").notNull(),
    conditionKey: text("condition_key").notNull(),
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    firedAt: timestamp("fired_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Why, in one sentence (the compared periods, the figures). */
    sentence: text("sentence").notNull(),
    /** The figures as exact decimal strings, by name. */
    figures: jsonb("figures").notNull(),
    /** Links to the entities: [{ label, href }]. */
    links: jsonb("links").notNull(),
    acknowledgedBy: text("acknowledged_by"),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("alert_events_once_per_window").on(t.ruleId, t.conditionKey, t.windowStart),
    index("alert_events_rule_condition_idx").on(t.ruleId, t.conditionKey, t.firedAt),
    index("alert_events_fired_idx").on(t.firedAt),
  ],
);

/** The exchange answering 429 or 418 to one of our calls (the sync-health rules read these). */
export const exchangeRefusals = pgTable(
  "exchange_refusals",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    status: integer("status").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("exchange_refusals_connection_at_idx").on(t.connectionId, t.at)],
);

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertEventRow = typeof alertEvents.$inferSelect;
