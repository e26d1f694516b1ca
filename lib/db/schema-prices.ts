// Past prices for valuing non-USDT amounts in USDT (issue 25): daily closes kept by the sync
// (lib/sync/prices/) and each connection's price basis. Pure definitions (drizzle-kit loads this
// file through schema.ts, which re-exports it).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { finiteAmounts, money } from "./columns";

/**
 * When a day's price is taken (docs/prices.md):
 * - "utc":  the close at 00:00 UTC of the next day (the 1d candle of the day);
 * - "utc8": the close at 00:00 UTC+8 of the next day, i.e. 16:00 UTC of the day itself
 *   (the 1h candle opening at 15:00 UTC), as Bitget values past days.
 */
export const PRICE_BASES = ["utc", "utc8"] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
const basisCheck = (column: string) => sql.raw(`${column} in ('utc', 'utc8')`);

/** One close per connection, symbol (BTCUSDT …), UTC day and basis. `close` is exact (numeric). */
export const priceCloses = pgTable(
  "price_closes",
  {
    connectionId: text("connection_id").notNull(),
    symbol: text("symbol").notNull(),
    /** The UTC day of the amounts this price values. */
    day: date("day", { mode: "string" }).notNull(),
    basis: text("basis").$type<PriceBasis>().notNull(),
    close: money("close"),
    /** The instant the price is at (ms): the close time, or the last price's time while the day is not over. */
    priceTime: bigint("price_time", { mode: "number" }).notNull(),
    /** False while the candle still runs (today): the price is the latest, re-read by the next run. */
    final: boolean("final").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.symbol, t.day, t.basis] }),
    index("price_closes_day_idx").on(t.connectionId, t.basis, t.day),
    check("price_closes_basis_check", basisCheck("basis")),
    finiteAmounts("price_closes"),
  ],
);

/**
 * Settings of a connection that hold for every source (sandbox, env and stored connections alike,
 * so keyed by the connection id rather than a column of `connections`, which holds only stored ones).
 */
export const connectionSettings = pgTable(
  "connection_settings",
  {
    connectionId: text("connection_id").primaryKey(),
    priceBasis: text("price_basis").$type<PriceBasis>().notNull().default("utc"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  () => [check("connection_settings_basis_check", basisCheck("price_basis"))],
);

export type PriceCloseRow = typeof priceCloses.$inferSelect;
