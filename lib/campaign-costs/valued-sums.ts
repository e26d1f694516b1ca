/**
 * Amounts of any coin summed per key in ≈ USDT, on the app's stated price basis (lib/prices/period-values): each row
 * valued at the close of its own UTC day on the connection's basis, USDT as it is. A key with any row whose day's
 * close is not held is not valued (null) and names the coins that were not, never the valued part passed off as the
 * whole. `rows.table` names connection_id, day (timestamptz, a UTC day's start), coin, commission (the amount), fee
 * and `k` (the key).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { exactSum } from "../decimal/exact";
import { valuedLookup, type CommissionRows } from "../prices/period-values";
import type { Valued } from "./figures";

export async function valuedSums(db: Db, connectionId: string, rows: CommissionRows): Promise<Map<string, Valued>> {
  const [natives, value] = await Promise.all([
    queryRows<{ k: string; coin: string; amount: string }>(
      db,
      sql`select k::text as k, coin, sum(commission)::text as amount from ${rows.table} where ${rows.where} group by 1, 2 order by 1, 2`,
    ),
    valuedLookup(db, connectionId, rows, sql.raw("k")),
  ]);
  const byKey = new Map<string, Array<{ coin: string; amount: string; usdt: string | null }>>();
  for (const n of natives) byKey.set(n.k, [...(byKey.get(n.k) ?? []), { coin: n.coin, amount: n.amount, usdt: value(n.k, n.coin, n.amount) }]);
  const out = new Map<string, Valued>();
  for (const [k, coins] of byKey) {
    const notValued = coins.filter((c) => c.usdt === null).map((c) => c.coin);
    const usdt = notValued.length === 0 ? exactSum(coins.map((c) => c.usdt ?? "0")) : null;
    out.set(k, { usdt, notValued, natives: coins.map(({ coin, amount }) => ({ coin, amount })) });
  }
  return out;
}
