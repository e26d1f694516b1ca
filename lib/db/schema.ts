// Database schema (drizzle, PostgreSQL dialect): the single source for the
// tables; `npm run db:generate` turns changes into SQL migrations in
// lib/db/migrations, which the app applies at start (lib/db/client.ts).
//
// Pure definitions: no "server-only" here so drizzle-kit can load the file.
import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../auth/roles";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-cased and trimmed (enforced by a check constraint). */
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_email_lower_check", sql`${t.email} = lower(btrim(${t.email}))`),
    check("users_role_check", sql`${t.role} in ('admin', 'trader', 'analyst', 'viewer')`),
  ],
);

/**
 * Exchange connections (owned by the connections feature). Secrets are stored as
 * base64 AES-GCM blobs written by lib/crypto; `key_hint` is a masked key for display.
 */
export const connections = pgTable("connections", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  spotBaseUrl: text("spot_base_url").notNull(),
  contractBaseUrl: text("contract_base_url").notNull(),
  apiKeyEnc: text("api_key_enc").notNull(),
  secretEnc: text("secret_enc").notNull(),
  passphraseEnc: text("passphrase_enc").notNull(),
  keyHint: text("key_hint").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ConnectionRow = typeof connections.$inferSelect;
export type NewConnectionRow = typeof connections.$inferInsert;
