/**
 * Campaign costs (lib/campaign-costs, issue #28): what the team spent on an invite code, entered by analysts — one row
 * per entry (a day, an amount in a coin, a note) — and a log of every change, so an edited or deleted cost can be
 * traced. Per connection, like every other record. Pure definitions (drizzle-kit loads this file through schema.ts).
 */
import { sql } from "drizzle-orm";
import { check, date, index, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const campaignCosts = pgTable(
  "campaign_costs",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    inviteCode: text("invite_code").notNull(),
    /** The UTC day the money was spent: the day whose close values a cost in another coin. */
    day: date("day", { mode: "string" }).notNull(),
    /** Exact decimal, never a float. */
    amount: numeric("amount").notNull(),
    coin: text("coin").notNull(),
    note: text("note").notNull().default(""),
    createdAt: at("created_at"),
    createdByEmail: text("created_by_email").notNull(),
    updatedAt: at("updated_at"),
    updatedByEmail: text("updated_by_email").notNull(),
  },
  (t) => [
    index("campaign_costs_code_idx").on(t.connectionId, t.inviteCode, t.day),
    check("campaign_costs_amount_check", sql`${t.amount} > 0 and ${t.amount} <> 'NaN'::numeric`),
    check("campaign_costs_note_check", sql`char_length(${t.note}) <= 280`),
    check("campaign_costs_coin_check", sql`${t.coin} ~ '^[A-Z0-9]{2,12}$'`),
  ],
);
export type CampaignCostRow = typeof campaignCosts.$inferSelect;

/** Every create, edit and delete of a cost: who, when, and the fields before and after (kept after a delete). */
export const campaignCostChanges = pgTable(
  "campaign_cost_changes",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    costId: text("cost_id").notNull(),
    inviteCode: text("invite_code").notNull(),
    action: text("action").notNull(),
    /** `[{ field, from, to }]`: from null on a create, to null on a delete. */
    changes: jsonb("changes").notNull(),
    byEmail: text("by_email").notNull(),
    at: at("at"),
  },
  (t) => [
    index("campaign_cost_changes_code_idx").on(t.connectionId, t.inviteCode, t.at),
    check("campaign_cost_changes_action_check", sql`${t.action} in ('create', 'update', 'delete')`),
  ],
);
export type CampaignCostChangeRow = typeof campaignCostChanges.$inferSelect;
