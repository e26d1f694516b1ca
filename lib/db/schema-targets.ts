/**
 * Targets and tier thresholds (lib/targets): a figure's target for one month or quarter, and the exchange's tier
 * thresholds the manager enters, which hold every month or quarter. Per connection, like every other record.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const targets = pgTable(
  "targets",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    /** target: for the period `starts` names; tier: an exchange threshold that holds every period. */
    kind: text("kind").notNull(),
    /** A tier's name ("VIP 2"); a target's optional note. */
    name: text("name"),
    metric: text("metric").notNull(),
    period: text("period").notNull(),
    /** A target's period: YYYY-MM, or YYYY-Qn; null for a tier. */
    starts: text("starts"),
    value: numeric("value").notNull(),
    createdAt: at("created_at"),
    createdByEmail: text("created_by_email").notNull(),
    updatedAt: at("updated_at"),
    updatedByEmail: text("updated_by_email").notNull(),
  },
  (t) => [
    // One target per figure and period: a second is an edit of the first, never a rival figure.
    uniqueIndex("targets_one_per_period").on(t.connectionId, t.metric, t.period, t.starts).where(sql`${t.kind} = 'target'`),
    uniqueIndex("targets_tier_name_unique").on(t.connectionId, sql`lower(${t.name})`).where(sql`${t.kind} = 'tier'`),
    index("targets_connection_idx").on(t.connectionId),
    check("targets_kind_check", sql`${t.kind} in ('target', 'tier')`),
    check("targets_period_check", sql`${t.period} in ('month', 'quarter')`),
    check("targets_value_check", sql`${t.value} > 0 and ${t.value} <> 'NaN'::numeric`),
    check("targets_starts_check", sql`(${t.kind} = 'tier' and ${t.starts} is null) or (${t.kind} = 'target' and ${t.starts} is not null)`),
    check("targets_tier_name_check", sql`${t.kind} = 'target' or char_length(${t.name}) between 1 and 80`),
  ],
);
export type TargetRow = typeof targets.$inferSelect;

/**
 * Every create, edit and delete of a target or tier threshold, written in the change's transaction: who, when, and the
 * target's fields before and after (null before a create, after a delete), so the Change log can say what one read
 * after a delete too. No foreign key: a deleted target's history outlives it.
 */
export const targetChanges = pgTable(
  "target_changes",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    targetId: text("target_id").notNull(),
    action: text("action").notNull(),
    /** `{ kind, name, metric, period, starts, value }`, the value as exact text. */
    before: jsonb("before"),
    after: jsonb("after"),
    byEmail: text("by_email").notNull(),
    at: at("at"),
  },
  (t) => [
    // The Change log reads a connection's entries newest first by id (ids are time-ordered).
    index("target_changes_connection_idx").on(t.connectionId, t.id),
    check("target_changes_action_check", sql`${t.action} in ('create', 'update', 'delete')`),
  ],
);
export type TargetChangeRow = typeof targetChanges.$inferSelect;
