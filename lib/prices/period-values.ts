/**
 * A period's commission of every coin in USDT (docs/prices.md), for the
 * Overview's first card and the Commissions page: commission rows — the daily
 * rollup, or the raw items where a view filters by invitee — joined to the
 * close of each row's own UTC day on the connection's price basis. A day's close is one price for all of that day's items, so the
 * rollup's per-day sum times the close equals the sum of each item's value —
 * exact in SQL numeric. A row in a coin whose day has no close held makes the
 * period's total null (blank, "not valued"), never a sum that silently leaves
 * it out; `pricesUsed` says per coin what was not valued.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { QUOTE_COIN } from "../sync/prices/store";
import { pricesAvailability } from "./availability";
import type { PricesUsed } from "./words";

/**
 * Where a period's commission rows are read: a table with connection_id, day, coin and commission (commission_day,
 * or commission_items), and the view's conditions on it — every filter but the coin: all coins are valued.
 */
export interface CommissionRows {
  table: SQL;
  where: SQL;
}

/** The rows with their day's close (null where not held; 1 for USDT). */
function valuedRows(connectionId: string, rows: CommissionRows): SQL {
  return sql`
    select cd.coin, cd.day, cd.commission,
      case when cd.coin = ${QUOTE_COIN} then 1::numeric else pc.close end as price,
      pc.symbol as price_symbol, pc.price_time, pc.final as price_final,
      coalesce(cs.price_basis, 'utc') as basis
    from (select connection_id, day, coin, commission from ${rows.table} where ${rows.where}) cd
    left join connection_settings cs on cs.connection_id = cd.connection_id
    left join price_closes pc on pc.connection_id = cd.connection_id and pc.symbol = cd.coin || ${QUOTE_COIN}
      and pc.day = (cd.day at time zone 'UTC')::date and pc.basis = coalesce(cs.price_basis, 'utc')`;
}

/** The period's commission of every coin in USDT, exact; null when any day's price is missing. */
export async function commissionAllCoins(db: Db, connectionId: string, rows: CommissionRows): Promise<string | null> {
  const [row] = await queryRows<{ usdt: string | null; unvalued: string }>(
    db,
    sql`select coalesce(sum(commission * price), 0)::text as usdt, count(*) filter (where price is null)::text as unvalued
        from (${valuedRows(connectionId, rows)}) v`,
  );
  return row && row.unvalued === "0" ? (row.usdt ?? "0") : null;
}

/** How the period's other coins were valued: basis, pairs, the latest price instant, and what was not valued. */
export async function pricesUsed(db: Db, connectionId: string, rows: CommissionRows): Promise<PricesUsed> {
  const [used, missing, basis, availability] = await Promise.all([
    queryRows<{ symbols: string[] | null; as_of: string | null; provisional: boolean | null }>(
      db,
      sql`select array_agg(distinct price_symbol) filter (where price_symbol is not null) as symbols,
                 max(price_time)::text as as_of, bool_or(not price_final) as provisional
          from (${valuedRows(connectionId, rows)}) v where coin <> ${QUOTE_COIN} and price is not null`,
    ),
    queryRows<{ coin: string; commission: string; days: string }>(
      db,
      sql`select coin, sum(commission)::text as commission, count(distinct day)::text as days
          from (${valuedRows(connectionId, rows)}) v where price is null group by coin order by coin`,
    ),
    queryRows<{ basis: string | null }>(db, sql`select price_basis as basis from connection_settings where connection_id = ${connectionId}`),
    pricesAvailability(db, connectionId),
  ]);
  const asOf = used[0]?.as_of ?? null;
  return {
    basis: basis[0]?.basis ?? "utc",
    symbols: [...(used[0]?.symbols ?? [])].sort(),
    asOf: asOf === null ? null : new Date(Number(asOf)).toISOString(),
    provisional: used[0]?.provisional ?? false,
    source: availability.endpoint === "available" ? "synced" : availability.endpoint === "unknown" ? "not-yet" : "not-available",
    notValued: missing.map((m) => ({ coin: m.coin, commission: m.commission, days: Number(m.days) })),
  };
}
