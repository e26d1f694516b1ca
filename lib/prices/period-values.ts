/**
 * Amounts of every coin in USDT (docs/prices.md): a period's total (the Overview's first card, the Commissions,
 * Invite codes and invitee headlines) and each table row's "… valued (≈ USDT)" — commission rows (a daily rollup, or
 * raw items where a view filters by invitee or source) joined to the close of each row's own UTC day on the
 * connection's price basis, valuing their commission or, for "Net fee valued", their net fee. A day's close is one
 * price for all of that day's items, so a rollup's per-day sum times the close equals the sum of each item's value —
 * exact in SQL numeric. A row in a coin whose day has no close held makes its total null (blank, "not valued"), never
 * a sum that silently leaves it out; `pricesUsed` says per coin what was not valued.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { bucketRows } from "../reports/sql";
import { QUOTE_COIN } from "../sync/prices/store";
import { pricesAvailability, pricesSource } from "./availability";
import type { PricesUsed } from "./words";

/**
 * Where a period's commission rows are read: a table with connection_id, day, coin, commission and fee (a commission
 * rollup, or commission_items), and the view's conditions on it (a headline's: every filter but the coin).
 */
export interface CommissionRows {
  table: SQL;
  where: SQL;
}

/**
 * The rows' columns the valuation carries: the close joins on connection, day and coin; `extra` names what a caller
 * groups by (a series' stack, a table's key) or values beside the commission (the net fee).
 */
const keptOf = (extra?: SQL): SQL => sql`connection_id, day, coin, commission${extra ? sql`, ${extra}` : sql``}`;

/** The rows with their day's close (null where not held; 1 for USDT). */
function valuedRows(connectionId: string, rows: CommissionRows, kept: SQL = keptOf()): SQL {
  return sql`
    select cd.*,
      case when cd.coin = ${QUOTE_COIN} then 1::numeric else pc.close end as price,
      pc.symbol as price_symbol, pc.price_time, pc.final as price_final,
      coalesce(cs.price_basis, 'utc') as basis
    from (select ${kept} from ${rows.table} where ${rows.where}) cd
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
    source: pricesSource(availability),
    notValued: missing.map((m) => ({ coin: m.coin, commission: m.commission, days: Number(m.days) })),
  };
}

/**
 * The commission of every coin per bucket and stack (product, source), in USDT at each row's own day's close, exact.
 * A stack of a bucket with any row whose day has no close held is null ("not valued"), never the valued part alone.
 */
export async function valuedSeries(
  db: Db,
  connectionId: string,
  rows: CommissionRows,
  bucket: SQL,
): Promise<Array<{ bucket: string; product_type: string; source_type: number; commission: string | null }>> {
  return bucketRows(
    db,
    sql`select ${bucket} as b, product_type, source_type,
               case when bool_and(price is not null) then sum(commission * price)::text end as commission
        from (${valuedRows(connectionId, rows, keptOf(sql`product_type, source_type`))}) v group by 1, 2, 3`,
    ["product_type", "source_type"],
  );
}

/**
 * Each group's commission and net fee in USDT (a table's rows: per symbol, rate or invitee, and coin), at each row's
 * own day's close, exact, in one pass over the rows and closes; a group with any day whose close is not held is null
 * ("not valued"). `key`: the grouping column (not `coin`, which every group has), which `rows` carry; the answer's
 * columns are `key`, `coin`, `usdt` and `fee_usdt`.
 */
function valuedGroups(connectionId: string, rows: CommissionRows, key: SQL, kept: SQL = key): SQL {
  return sql`select (${key})::text as key, coin,
               case when bool_and(price is not null) then sum(commission * price)::text end as usdt,
               case when bool_and(price is not null) then sum(fee * price)::text end as fee_usdt
             from (${valuedRows(connectionId, rows, keptOf(sql`fee, ${kept}`))}) v group by 1, 2`;
}

/** A table row's USDT value from its key, coin and native amount (null: a day's close is not held). */
export type RowValue = (key: string, coin: string, amount: string) => string | null;

/** A USDT table's values: each row is its own value, nothing to read. */
export const ownValue: RowValue = (_key, _coin, amount) => amount;

/** A table's two "≈ USDT" columns: each row's commission valued, and its net fee valued. */
export interface RowValues {
  commission: RowValue;
  fee: RowValue;
}

/**
 * A table's "≈ USDT" columns: each group's commission and net fee valued (`valuedGroups`, `key` an expression over the
 * `kept` columns). Only rows in other coins are valued — a USDT row is its own value — so a year of USDT rows is never
 * joined to the closes.
 */
export async function valuedLookups(db: Db, connectionId: string, rows: CommissionRows, key: SQL, kept: SQL = key): Promise<RowValues> {
  const groups = await queryRows<{ key: string; coin: string; usdt: string | null; fee_usdt: string | null }>(
    db,
    valuedGroups(connectionId, { ...rows, where: sql`${rows.where} and coin <> ${QUOTE_COIN}` }, key, kept),
  );
  const byKey = new Map(groups.map((g) => [`${g.key}|${g.coin}`, g]));
  return {
    commission: (k, coin, amount) => (coin === QUOTE_COIN ? amount : (byKey.get(`${k}|${coin}`)?.usdt ?? null)),
    fee: (k, coin, amount) => (coin === QUOTE_COIN ? amount : (byKey.get(`${k}|${coin}`)?.fee_usdt ?? null)),
  };
}

/** The commission's values alone (`valuedLookups`): a table without a net fee beside it. */
export async function valuedLookup(db: Db, connectionId: string, rows: CommissionRows, key: SQL, kept: SQL = key): Promise<RowValue> {
  return (await valuedLookups(db, connectionId, rows, key, kept)).commission;
}

/** Values per coin alone (a per-coin table): answers (coin, amount). */
export type CoinValue = (coin: string, amount: string) => string | null;

/**
 * Each coin's commission and net fee of the rows in USDT (a per-coin table): `valuedLookups` with one group per coin —
 * the constant key groups by coin alone (the key cannot be `coin` itself, which the rows already carry).
 */
export async function valuedPerCoin(db: Db, connectionId: string, rows: CommissionRows): Promise<{ commission: CoinValue; fee: CoinValue }> {
  const values = await valuedLookups(db, connectionId, rows, sql.raw("''"));
  return { commission: (coin, amount) => values.commission("", coin, amount), fee: (coin, amount) => values.fee("", coin, amount) };
}

/** One coin's commission of one UTC day and the close it was valued at: the CSV's audit of a USDT total. */
export type ValuationRow = {
  day: string;
  coin: string;
  commission: string;
  symbol: string | null;
  close: string | null;
  /** Epoch ms of the price used (the close's instant, or today's latest price), as text. */
  priceTime: string | null;
  usdt: string | null;
  basis: string;
};

/** Every day and coin other than USDT of the rows, with the close used and its USDT value (null where not held). */
export async function valuationRows(db: Db, connectionId: string, rows: CommissionRows): Promise<ValuationRow[]> {
  return queryRows<ValuationRow>(
    db,
    sql`select to_char((day at time zone 'UTC')::date, 'YYYY-MM-DD') as day, coin, sum(commission)::text as commission,
               max(price_symbol) as symbol, max(price)::text as close, max(price_time)::text as "priceTime",
               case when bool_and(price is not null) then sum(commission * price)::text end as usdt, max(basis) as basis
        from (${valuedRows(connectionId, rows)}) v where coin <> ${QUOTE_COIN} group by 1, 2 order by 1, 2`,
  );
}
