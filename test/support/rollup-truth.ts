/**
 * The rollups the reports read (commission_day, trade_asset_day), summed back
 * to the same keys as test/support/sync-truth.ts's independent decimal.js sums
 * of the sandbox world, so a test compares them with the world directly.
 */
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../lib/db/client";

const norm = (v: unknown): string => (v === null || v === undefined ? "null" : new Decimal(String(v)).toString());

/** commission_day per UTC day, coin and product (source types together): items, Σ fee, Σ commission, Σ taker, Σ maker. */
export async function commissionDayRollup(db: Db, connectionId: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ key: string; n: string; fee: string; commission: string; taker: string; maker: string }>(
    db,
    sql`select to_char(day at time zone 'UTC', 'YYYY-MM-DD') || '|' || coin || '|' || product_type as key, sum(items)::text as n,
          sum(fee)::text as fee, sum(commission)::text as commission, sum(taker_amount)::text as taker, sum(maker_amount)::text as maker
        from commission_day where connection_id = ${connectionId} group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, [r.n, norm(r.fee), norm(r.commission), norm(r.taker), norm(r.maker)].join(" ")]));
}

/** trade_asset_day per day: invitee rows and the five sums. */
export async function tradeAssetDayRollup(db: Db, connectionId: string): Promise<Record<string, string>> {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select day::text as key, invitees::text as n, deposit_amount::text as d, withdrawal_amount::text as w,
          spot_trading_amount::text as s, futures_trading_amount::text as f, commission::text as c
        from trade_asset_day where connection_id = ${connectionId}`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.key), [r.n, norm(r.d), norm(r.w), norm(r.s), norm(r.f), norm(r.c)].join(" ")]));
}
