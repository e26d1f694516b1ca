/**
 * A headline's commission of every coin in USDT for rows behind a costly filter (docs/prices.md) — the Invite codes
 * cohort over the per-invitee day rollup — where the four statements of `commissionAllCoins` + `pricesUsed` would each
 * scan every row again (a year's invite codes went from 45 to 320 ms p95 that way, bench:reports). Only the coins other
 * than USDT need a day's close: their rows are read once, summed per UTC day and coin, each sum joined to its day's
 * close; the USDT amount comes natively from the caller's cheaper read (the month rollups). Total, natives and how it
 * was valued are added up here, exactly (lib/decimal/exact.ts). Same rules as the SQL: a day whose close is not held
 * leaves the total null and is named per coin.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { exactProduct, exactSum } from "../decimal/exact";
import { QUOTE_COIN } from "../sync/prices/store";
import { pricesAvailability, pricesSource } from "./availability";
import type { CommissionRows } from "./period-values";
import type { PricesUsed } from "./words";

type DayRow = { day: string; coin: string; commission: string; close: string | null; symbol: string | null; price_time: string | null; final: boolean | null };

export interface AllCoinsSummary {
  /** Every coin's commission in USDT, exact; null when a day's close is not held. */
  commission: string | null;
  prices: PricesUsed;
  /** Each coin's commission natively, USDT first. */
  coins: Array<{ coin: string; commission: string }>;
}

/**
 * `nativesRead`: every coin's commission of the rows, natively. `rows`: a day rollup's rows (they carry `items`: a row left
 * at 0 items by a restated day is no coin of the period); only those in coins other than USDT are read.
 */
export async function allCoinsSummary(
  db: Db,
  connectionId: string,
  rows: CommissionRows,
  /** Read side by side with the other coins' days. */
  nativesRead: Promise<ReadonlyArray<{ coin: string; commission: string }>>,
): Promise<AllCoinsSummary | null> {
  const basis = sql`coalesce((select price_basis from connection_settings where connection_id = ${connectionId}), 'utc')`;
  const [natives, days, basisRow, availability] = await Promise.all([
    nativesRead,
    queryRows<DayRow>(
      db,
      sql`select cd.day::text as day, cd.coin, cd.commission::text as commission,
                 pc.close::text as close,
                 pc.symbol, pc.price_time::text as price_time, pc.final
          from (select (day at time zone 'UTC')::date as day, coin, sum(commission) as commission, sum(items) as items
                from ${rows.table} where ${rows.where} and coin <> ${QUOTE_COIN} group by 1, 2) cd
          left join price_closes pc on pc.connection_id = ${connectionId} and pc.symbol = cd.coin || ${QUOTE_COIN}
            and pc.day = cd.day and pc.basis = ${basis}
          where cd.items > 0`,
    ),
    queryRows<{ basis: string }>(db, sql`select ${basis} as basis`),
    pricesAvailability(db, connectionId),
  ]);
  if (natives.length === 0) return null;
  const usdt = natives.find((n) => n.coin === QUOTE_COIN)?.commission ?? "0";
  const priced = days.filter((d) => d.close !== null);
  const unpriced = days.filter((d) => d.close === null);
  const asOf = priced.length === 0 ? null : Math.max(...priced.map((d) => Number(d.price_time)));
  const coins = [...natives].sort((a, b) => (a.coin === QUOTE_COIN ? -1 : b.coin === QUOTE_COIN ? 1 : a.coin < b.coin ? -1 : 1));
  return {
    commission: unpriced.length > 0 ? null : exactSum([usdt, ...priced.map((d) => exactProduct(d.commission, d.close!))]),
    coins,
    prices: {
      basis: basisRow[0]?.basis ?? "utc",
      symbols: [...new Set(priced.map((d) => d.symbol!))].sort(),
      asOf: asOf === null ? null : new Date(asOf).toISOString(),
      provisional: priced.some((d) => d.final === false),
      source: pricesSource(availability),
      notValued: [...new Set(unpriced.map((d) => d.coin))].sort().map((coin) => {
        const missing = unpriced.filter((d) => d.coin === coin);
        return { coin, commission: exactSum(missing.map((d) => d.commission)), days: missing.length };
      }),
    },
  };
}
