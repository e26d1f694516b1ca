// Rollups of commission_items and trade_and_asset days (drizzle, PostgreSQL dialect), part of
// lib/db/schema.ts, which re-exports them. Pure definitions: no "server-only" here so drizzle-kit can load the file.
import { sql } from "drizzle-orm";
import { bigint, date, index, numeric, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { money } from "./columns";

// ---------------------------------------------------------------------------
// Rollups of commission_items, so reports over a year of a million items read
// thousands of rows instead. Exact (numeric sums and item counts) and always
// current: statement-level triggers on commission_items (migration
// 0005_rollup_triggers, 0006_narrow_rollups) apply every insert, update and delete to them in the
// writer's own transaction, whoever the writer is. A rollup row whose item
// count reaches 0 is deleted. Never written by application code.
// ---------------------------------------------------------------------------

const count = (name: string) => bigint(name, { mode: "number" }).notNull();

/** The sums every day rollup of commission_items carries. */
const commissionSums = () => ({
  fee: money("fee"),
  commission: money("commission"),
  takerAmount: money("taker_amount"),
  makerAmount: money("maker_amount"),
  items: count("items"),
});

/** The key columns every day rollup of commission_items shares: the filters' dimensions at the items' own grain (UTC day). */
const commissionDayKey = () => ({
  connectionId: text("connection_id").notNull(),
  day: timestamp("day", { withTimezone: true, mode: "date" }).notNull(),
  coin: text("coin").notNull(),
  productType: text("product_type").notNull(),
  sourceType: smallint("source_type").notNull(),
});

/**
 * commission_items summed per connection, UTC day, coin, product and source: a
 * few rows a day (3 k for the sandbox world's 400 days at a million items),
 * behind the totals, the series and the Overview. Any day range and any time
 * zone's buckets read it exactly as they read the items, which have the same grain.
 */
export const commissionDay = pgTable(
  "commission_day",
  { ...commissionDayKey(), ...commissionSums() },
  (t) => [
    primaryKey({ name: "commission_day_pk", columns: [t.connectionId, t.day, t.coin, t.productType, t.sourceType] }),
    // Rows only reach 0 items inside a trigger, which deletes them at once: this index finds them without a scan.
    index("commission_day_empty_idx").on(t.connectionId).where(sql`items = 0`),
  ],
);

/** The same per symbol too: commission by symbol. */
export const commissionDaySymbol = pgTable(
  "commission_day_symbol",
  { ...commissionDayKey(), symbol: text("symbol").notNull(), ...commissionSums() },
  (t) => [
    primaryKey({ name: "commission_day_symbol_pk", columns: [t.connectionId, t.day, t.coin, t.productType, t.sourceType, t.symbol] }),
    index("commission_day_symbol_empty_idx").on(t.connectionId).where(sql`items = 0`),
  ],
);

/** The same per rebate rate: the rate distribution. */
export const commissionDayRate = pgTable(
  "commission_day_rate",
  { ...commissionDayKey(), rate: numeric("rate").notNull(), ...commissionSums() },
  (t) => [
    primaryKey({ name: "commission_day_rate_pk", columns: [t.connectionId, t.day, t.coin, t.productType, t.sourceType, t.rate] }),
    index("commission_day_rate_empty_idx").on(t.connectionId).where(sql`items = 0`),
  ],
);

/** The sums every per-invitee rollup of commission_items carries. */
const perInviteeSums = () => ({
  fee: money("fee"),
  commission: money("commission"),
  /** taker_amount + maker_amount. */
  volume: money("volume"),
  items: count("items"),
});

/**
 * commission_items summed per connection, UTC day, invitee and coin: the
 * partial months at a range's edges, where the per-invitee month rollups
 * cannot serve, read this instead of the items (a third of their rows for the
 * sandbox world: its traders trade several symbols and products a day).
 */
export const commissionUidDay = pgTable(
  "commission_uid_day",
  {
    connectionId: text("connection_id").notNull(),
    day: timestamp("day", { withTimezone: true, mode: "date" }).notNull(),
    uid: text("uid").notNull(),
    coin: text("coin").notNull(),
    ...perInviteeSums(),
  },
  (t) => [
    primaryKey({ name: "commission_uid_day_pk", columns: [t.connectionId, t.day, t.uid, t.coin] }),
    // A page of invitees (the directory, the invitee's page) looks up its own edge days: by uid, not by scanning the days.
    index("commission_uid_day_uid_idx").on(t.connectionId, t.uid, t.day),
    index("commission_uid_day_empty_idx").on(t.connectionId).where(sql`items = 0`),
  ],
);

/**
 * commission_items summed per connection, UTC month, invitee, coin, product and
 * source: distinct invitees and top invitees under a product or source filter
 * read it for the whole months of a range, and raw items for the partial months
 * at its edges.
 */
export const commissionUidMonthly = pgTable(
  "commission_uid_monthly",
  {
    connectionId: text("connection_id").notNull(),
    /** Start of the item's UTC month. */
    month: timestamp("month", { withTimezone: true, mode: "date" }).notNull(),
    uid: text("uid").notNull(),
    coin: text("coin").notNull(),
    productType: text("product_type").notNull(),
    sourceType: smallint("source_type").notNull(),
    ...perInviteeSums(),
  },
  (t) => [
    primaryKey({ name: "commission_uid_monthly_pk", columns: [t.connectionId, t.month, t.uid, t.coin, t.productType, t.sourceType] }),
    index("commission_uid_monthly_empty_idx").on(t.connectionId).where(sql`items = 0`),
  ],
);

/**
 * The same per invitee, UTC month and coin only: the narrow rollup behind the
 * unfiltered views (active traders, distinct and top invitees, retention), half
 * the rows or fewer of the one above.
 */
export const commissionUidCoinMonthly = pgTable(
  "commission_uid_coin_monthly",
  {
    connectionId: text("connection_id").notNull(),
    /** Start of the item's UTC month. */
    month: timestamp("month", { withTimezone: true, mode: "date" }).notNull(),
    uid: text("uid").notNull(),
    coin: text("coin").notNull(),
    ...perInviteeSums(),
  },
  (t) => [
    primaryKey({ name: "commission_uid_coin_monthly_pk", columns: [t.connectionId, t.month, t.uid, t.coin] }),
    // Retention looks up the months of given invitees.
    index("commission_uid_coin_monthly_uid_idx").on(t.connectionId, t.uid, t.month),
    index("commission_uid_coin_monthly_empty_idx").on(t.connectionId).where(sql`items = 0`),
  ],
);

// ---------------------------------------------------------------------------
// Rollups of trade_asset_daily, kept exact the same way (triggers of migration
// 0006_narrow_rollups): per invitee and calendar month for the per-invitee
// table over long ranges (its partial edge months read the days themselves),
// and per day for totals.
// ---------------------------------------------------------------------------

const tradeAssetSums = () => ({
  depositAmount: money("deposit_amount"),
  withdrawalAmount: money("withdrawal_amount"),
  spotTradingAmount: money("spot_trading_amount"),
  futuresTradingAmount: money("futures_trading_amount"),
  commission: money("commission"),
});

/** trade_asset_daily summed per connection, calendar month and invitee; `days` counts the day rows. */
export const tradeAssetUidMonthly = pgTable(
  "trade_asset_uid_monthly",
  {
    connectionId: text("connection_id").notNull(),
    /** First day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    uid: text("uid").notNull(),
    ...tradeAssetSums(),
    days: count("days"),
  },
  (t) => [
    primaryKey({ name: "trade_asset_uid_monthly_pk", columns: [t.connectionId, t.month, t.uid] }),
    // The page's invitees look up their own months.
    index("trade_asset_uid_monthly_uid_idx").on(t.connectionId, t.uid, t.month),
    index("trade_asset_uid_monthly_empty_idx").on(t.connectionId).where(sql`days = 0`),
  ],
);

/** trade_asset_daily summed per connection and day; `invitees` counts the invitee rows of the day. */
export const tradeAssetDay = pgTable(
  "trade_asset_day",
  {
    connectionId: text("connection_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ...tradeAssetSums(),
    invitees: count("invitees"),
  },
  (t) => [
    primaryKey({ name: "trade_asset_day_pk", columns: [t.connectionId, t.day] }),
    index("trade_asset_day_empty_idx").on(t.connectionId).where(sql`invitees = 0`),
  ],
);

/**
 * The retention matrix by signup month, kept exact by triggers on
 * commission_items and invited_users (migration 0007_retention_cells): per
 * connection, UTC month of registration and later UTC month, how many of
 * those invitees have commission items in that month. Reports read it for
 * the signup months a range covers whole (its partial edge months are counted
 * live), so a year's matrix costs a few hundred rows instead of a join of
 * every invitee with every month of activity.
 */
export const retentionCells = pgTable(
  "retention_cells",
  {
    connectionId: text("connection_id").notNull(),
    cohortMonth: timestamp("cohort_month", { withTimezone: true, mode: "date" }).notNull(),
    activeMonth: timestamp("active_month", { withTimezone: true, mode: "date" }).notNull(),
    invitees: count("invitees"),
  },
  (t) => [
    primaryKey({ name: "retention_cells_pk", columns: [t.connectionId, t.cohortMonth, t.activeMonth] }),
    index("retention_cells_empty_idx").on(t.connectionId).where(sql`invitees = 0`),
  ],
);
