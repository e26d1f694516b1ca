// Database schema (drizzle, PostgreSQL dialect): the single source for the
// tables; `npm run db:generate` turns changes into SQL migrations in
// lib/db/migrations, which the app applies at start (lib/db/client.ts).
//
// Pure definitions: no "server-only" here so drizzle-kit can load the file.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../auth/roles";
import type { IncompleteWindow } from "../sync/status";
import { finiteAmounts, money } from "./columns";

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
    /**
     * Carried in every session token and compared on every request: raising it
     * ends all of the user's sessions at once, on every instance (sign-out, a
     * password change or reset, a role change; lib/auth/session-version.ts).
     */
    sessionVersion: integer("session_version").notNull().default(0),
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

// ---------------------------------------------------------------------------
// The affiliate warehouse: the four affiliate reports, per connection, kept in
// sync by lib/sync. Amounts are `numeric` (exact decimals); natural keys are the
// primary keys, so a re-read upserts instead of duplicating.
// ---------------------------------------------------------------------------

/** getAffiliateCommission items: one per invitee, UTC day, coin, product and symbol. */
export const commissionItems = pgTable(
  "commission_items",
  {
    connectionId: text("connection_id").notNull(),
    uid: text("uid").notNull(),
    /** The item's `date`: start of its UTC day. */
    day: timestamp("day", { withTimezone: true, mode: "date" }).notNull(),
    coin: text("coin").notNull(),
    productType: text("product_type").notNull(),
    symbol: text("symbol").notNull(),
    sourceType: smallint("source_type").notNull(),
    fee: money("fee"),
    commission: money("commission"),
    rate: money("rate"),
    takerAmount: money("taker_amount"),
    makerAmount: money("maker_amount"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.uid, t.day, t.coin, t.productType, t.symbol] }),
    index("commission_items_day_idx").on(t.connectionId, t.day),
    index("commission_items_uid_day_idx").on(t.connectionId, t.uid, t.day),
    finiteAmounts("commission_items"),
  ],
);

/** getAffiliateUIDs: the invited users and their milestones. */
export const invitedUsers = pgTable(
  "invited_users",
  {
    connectionId: text("connection_id").notNull(),
    uid: text("uid").notNull(),
    registerTime: timestamp("register_time", { withTimezone: true, mode: "date" }).notNull(),
    kycResult: boolean("kyc_result").notNull(),
    inviteCode: text("invite_code").notNull(),
    firstDeposit: timestamp("first_deposit", { withTimezone: true, mode: "date" }),
    lastDeposit: timestamp("last_deposit", { withTimezone: true, mode: "date" }),
    firstTrade: timestamp("first_trade", { withTimezone: true, mode: "date" }),
    lastTrade: timestamp("last_trade", { withTimezone: true, mode: "date" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.uid] }),
    index("invited_users_register_idx").on(t.connectionId, t.registerTime),
    // The directory's search by invite-code prefix in any case (codes are ASCII): upper(code) LIKE 'PREFIX%' reads this
    // index instead of lowering every row (ILIKE over 50 000 invitees cost PGlite a third of a second).
    index("invited_users_code_upper_idx").on(t.connectionId, sql`upper(${t.inviteCode}) text_pattern_ops`),
    // …and by uid prefix (uid LIKE '123%') where the database's collation is not C (PostgreSQL's usually is not).
    index("invited_users_uid_pattern_idx").on(t.connectionId, sql`${t.uid} text_pattern_ops`),
  ],
);

/** querySubChannelTransactions: per sub-affiliate, product and calendar day. */
export const subAffiliateDaily = pgTable(
  "sub_affiliate_daily",
  {
    connectionId: text("connection_id").notNull(),
    subAffiliateUid: text("sub_affiliate_uid").notNull(),
    productType: text("product_type").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    tradingVolume: money("trading_volume"),
    netTradingFee: money("net_trading_fee"),
    paidCommission: money("paid_commission"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.subAffiliateUid, t.productType, t.day] }),
    index("sub_affiliate_daily_day_idx").on(t.connectionId, t.day),
    finiteAmounts("sub_affiliate_daily"),
  ],
);

/**
 * getChannelUserTradeAndAsset read one UTC day at a time: the endpoint answers
 * totals over the range asked, so day windows make any date range a sum.
 */
export const tradeAssetDaily = pgTable(
  "trade_asset_daily",
  {
    connectionId: text("connection_id").notNull(),
    uid: text("uid").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    depositAmount: money("deposit_amount"),
    withdrawalAmount: money("withdrawal_amount"),
    spotTradingAmount: money("spot_trading_amount"),
    futuresTradingAmount: money("futures_trading_amount"),
    commission: money("commission"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.uid, t.day] }),
    index("trade_asset_daily_day_idx").on(t.connectionId, t.day),
    finiteAmounts("trade_asset_daily"),
  ],
);

/** Where each report's sync stands, per connection; committed in the same transaction as the rows it covers. */
export const syncState = pgTable(
  "sync_state",
  {
    connectionId: text("connection_id").notNull(),
    /** getAffiliateCommission:SPOT, getAffiliateCommission:FUTURES, getAffiliateUIDs, … */
    report: text("report").notNull(),
    /** Everything before this is read (ms); null until the first window is done. */
    coveredFrom: bigint("covered_from", { mode: "number" }),
    /** Everything up to this is read (ms). */
    coveredTo: bigint("covered_to", { mode: "number" }),
    /** The history is complete back to the start the exchange allows. */
    backfillDone: boolean("backfill_done").notNull().default(false),
    /** Progress of the run in progress (null when idle), for the UI. */
    progress: jsonb("progress"),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "date" }),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    /** Windows whose rows did not add up to the exchange's count (lib/sync/incomplete.ts): their days are not held. */
    incomplete: jsonb("incomplete").$type<IncompleteWindow[]>().notNull().default([]),
    rowsAdded: bigint("rows_added", { mode: "number" }).notNull().default(0),
    rowsChanged: bigint("rows_changed", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.report] })],
);

/**
 * Share links (lib/share): a report view locked to its scope, opened without a
 * login at /r/<token>. Only the SHA-256 of the token is stored; the token is an
 * HMAC of the link id under the app's master key, so the Reports page can show
 * it again to the people who manage links while the table alone never reveals it.
 */
export const SHARE_MODES = ["live", "snapshot"] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

export const shareLinks = pgTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    connectionId: text("connection_id").notNull(),
    /** commissions, sub-affiliates, invitees, trade-assets or overview. */
    report: text("report").notNull(),
    /** The locked filters: absolute from/to days plus coin, product, source, uid, sub, interval, tz. */
    scope: jsonb("scope").notNull(),
    mode: text("mode", { enum: SHARE_MODES }).notNull(),
    /** Snapshot links: every response the shared page can ask for, frozen at creation. */
    snapshot: jsonb("snapshot"),
    label: text("label").notNull(),
    /** scrypt hash (lib/auth/password) of the optional password. */
    passwordHash: text("password_hash"),
    redactUids: boolean("redact_uids").notNull().default(false),
    percentages: boolean("percentages").notNull().default(false),
    /** Links made for one server-side PDF render: short-lived, not listed. */
    internal: boolean("internal").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    pausedAt: timestamp("paused_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdBy: text("created_by").notNull(),
    createdByEmail: text("created_by_email").notNull(),
    viewCount: bigint("view_count", { mode: "number" }).notNull().default(0),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true, mode: "date" }),
    /** Origins whose pages may show the link in a frame (lib/share/embed.ts); empty: none may. */
    embedOrigins: text("embed_origins").array().notNull().default(sql`'{}'::text[]`),
    /** The saved view (lib/saved-views) the link was made from, if any; a deleted view leaves the id. */
    savedViewId: text("saved_view_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("share_links_token_hash_unique").on(t.tokenHash),
    index("share_links_created_idx").on(t.createdAt),
    check("share_links_mode_check", sql`${t.mode} in ('live', 'snapshot')`),
  ],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;

// The rollups the reports read, kept by triggers: in their own file, part of this schema.
export * from "./schema-rollups";
export * from "./schema-notify";
export * from "./schema-alerts";
export * from "./schema-share-views";
export * from "./schema-digests";
export * from "./schema-jobs";
export * from "./schema-share-changes";
export * from "./schema-delivery";
export * from "./schema-prices";
export * from "./schema-invitee-work";
export * from "./schema-trading";
export * from "./schema-targets";
export * from "./schema-saved-views";
export * from "./schema-invitee-flags";
export * from "./schema-annotations";
export * from "./schema-campaign-costs";
