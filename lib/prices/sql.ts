/**
 * The SQL building block of USDT values (docs/prices.md): commission rows joined to the close of
 * their own UTC day on their connection's price basis, exact in SQL numeric. Reports use it as a
 * subquery or CTE and sum `commission_usdt` per period; a row whose close is not held has
 * `not_valued = true` and null USDT values (its native amount stays in `commission` / `fee`).
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { QUOTE_COIN } from "../sync/prices/store";

/** `select … from commission_items` with price, price_day, price_final, commission_usdt, fee_usdt, not_valued. */
export function commissionItemsInUsdt(connectionId: string, range: { from: Date; to: Date }): SQL {
  return sql`
    select ci.connection_id, ci.uid, ci.day, ci.coin, ci.product_type, ci.symbol, ci.commission, ci.fee,
      case when ci.coin = ${QUOTE_COIN} then 1::numeric else pc.close end as price,
      case when ci.coin = ${QUOTE_COIN} then null else pc.symbol end as price_symbol,
      (ci.day at time zone 'UTC')::date as price_day,
      coalesce(cs.price_basis, 'utc') as price_basis,
      case when ci.coin = ${QUOTE_COIN} then true else pc.final end as price_final,
      case when ci.coin = ${QUOTE_COIN} then ci.commission else ci.commission * pc.close end as commission_usdt,
      case when ci.coin = ${QUOTE_COIN} then ci.fee else ci.fee * pc.close end as fee_usdt,
      (ci.coin <> ${QUOTE_COIN} and pc.close is null) as not_valued
    from commission_items ci
    left join connection_settings cs on cs.connection_id = ci.connection_id
    left join price_closes pc on pc.connection_id = ci.connection_id
      and pc.symbol = ci.coin || ${QUOTE_COIN}
      and pc.day = (ci.day at time zone 'UTC')::date
      and pc.basis = coalesce(cs.price_basis, 'utc')
    where ci.connection_id = ${connectionId} and ci.day >= ${range.from.toISOString()}::timestamptz and ci.day < ${range.to.toISOString()}::timestamptz`;
}

export interface UsdtTotal {
  /** Sum of the valued rows' USDT commission, exact (numeric as text). */
  commissionUsdt: string;
  /** Per coin: the native commission of the rows that could not be valued (never dropped silently). */
  notValued: Array<{ coin: string; commission: string; rows: number }>;
}

/** The USDT commission total of [from, to): the sum of per-day values, and what was not valued. */
export async function commissionUsdtTotal(db: Db, connectionId: string, range: { from: Date; to: Date }): Promise<UsdtTotal> {
  const v = commissionItemsInUsdt(connectionId, range);
  const total = await queryRows<{ usdt: string | null }>(db, sql`select sum(commission_usdt)::text as usdt from (${v}) v where not not_valued`);
  const missing = await queryRows<{ coin: string; commission: string; rows: number | string }>(
    db,
    sql`select coin, sum(commission)::text as commission, count(*) as rows from (${v}) v where not_valued group by coin order by coin`,
  );
  return {
    commissionUsdt: total[0]?.usdt ?? "0",
    notValued: missing.map((r) => ({ coin: r.coin, commission: r.commission, rows: Number(r.rows) })),
  };
}
