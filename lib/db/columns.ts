// Column helpers shared by lib/db/schema.ts and lib/db/schema-rollups.ts (their own module, so
// neither schema file imports the other: the rollups are re-exported by schema.ts).
import { sql } from "drizzle-orm";
import { check, numeric } from "drizzle-orm/pg-core";

/** An exact decimal amount (PostgreSQL numeric), never null. */
export const money = (name: string) => numeric(name).notNull();

/** The amount columns of each table the exchange's numbers are stored in: one list for their checks and repairs. */
export const AMOUNT_COLUMNS = {
  commission_items: ["fee", "commission", "rate", "taker_amount", "maker_amount"],
  sub_affiliate_daily: ["trading_volume", "net_trading_fee", "paid_commission"],
  trade_asset_daily: ["deposit_amount", "withdrawal_amount", "spot_trading_amount", "futures_trading_amount", "commission"],
  price_closes: ["close"],
} as const;
export type AmountTable = keyof typeof AMOUNT_COLUMNS;

/** SQL that is true when some amount column of `table`'s row is NaN or ±Infinity (numeric stores all three). */
export const notFiniteAmount = (table: AmountTable): string => AMOUNT_COLUMNS[table].map((c) => `${c} in ('NaN', 'Infinity', '-Infinity')`).join(" or ");

/**
 * A check that every amount column of a table holds a number: PostgreSQL's numeric also stores NaN and ±Infinity,
 * and one of them in a row poisons every sum the row's rollups hold. The sync refuses them first (the interface's
 * decimal grammar, lib/weex/schema/response-fields.ts); this is the road nothing else may take.
 */
export const finiteAmounts = (table: AmountTable) =>
  check(`${table}_amounts_finite`, sql.raw(AMOUNT_COLUMNS[table].map((c) => `${c} not in ('NaN', 'Infinity', '-Infinity')`).join(" and ")));
