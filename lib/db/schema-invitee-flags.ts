// Invitee-quality flags (lib/invitee-flags, issue #27): each connection's thresholds. No row: the defaults
// (lib/invitee-flags/settings.ts); the flags themselves are computed from the warehouse, never stored.
// Pure definitions (drizzle-kit loads this file through schema.ts).
import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const inviteeFlagSettings = pgTable("invitee_flag_settings", {
  connectionId: text("connection_id").primaryKey(),
  /** The whole settings object as flagSettingsSchema parses it (missing keys take their defaults when read). */
  settings: jsonb("settings").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedByEmail: text("updated_by_email").notNull(),
});

export type InviteeFlagSettingsRow = typeof inviteeFlagSettings.$inferSelect;
