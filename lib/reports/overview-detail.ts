/**
 * The Overview's parts below its cards, in the view's one coin (USDT unless the
 * URL names another; amounts in different coins are never added): commission
 * per bucket of the period and of the previous period, aligned by position; the
 * top invitees (read with the active traders: overview-traders.ts) and symbols;
 * commission per coin; the invitee funnel of the period's sign-ups. Exact
 * numeric sums returned as text.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { TOP_N, type CoinRow, type ComparedPoint, type OverviewReport, type TopInvitee, type TopSymbol } from "./contracts/overview";
import { coinOf, type Coin, type ReportFilters } from "./filters";
import type { Period } from "./periods";
import { signupFunnel } from "./signup-funnel";
import { bucketRows, bucketsOf, bucketStart, dailyConditions } from "./sql";

type Detail = Pick<OverviewReport, "coin" | "commissionTrend" | "coins" | "topInvitees" | "topSymbols" | "funnel">;

const iso = (ms: number) => new Date(ms).toISOString();

/** The period's buckets and the coin's commission in each (zero where the warehouse holds no item of that bucket). */
async function commissionPerBucket(db: Db, connectionId: string, f: ReportFilters, p: Period, coin: Coin): Promise<Array<{ bucket: string; commission: string }>> {
  const [buckets, rows] = await Promise.all([
    bucketsOf(db, { interval: f.interval, tz: f.tz, range: { ...f.range, startTime: p.start, endTime: p.end } }),
    bucketRows<{ commission: string }>(
      db,
      sql`select ${bucketStart(sql.raw("day"), f)} as b, sum(commission)::text as commission
          from commission_day where ${dailyConditions(connectionId, p.start, p.end, { coin })} group by 1`,
    ),
  ]);
  const byBucket = new Map(rows.map((r) => [r.bucket, r.commission]));
  return buckets.map((bucket) => ({ bucket, commission: byBucket.get(bucket) ?? "0" }));
}

/** Position k of the period against position k of the previous period (weeks and months may differ in count). */
export function alignByPosition(coin: string, current: ReadonlyArray<{ bucket: string; commission: string }>, previous: ReadonlyArray<{ bucket: string; commission: string }>): ComparedPoint[] {
  return Array.from({ length: Math.max(current.length, previous.length) }, (_, position) => ({
    position,
    bucket: current[position]?.bucket ?? null,
    previousBucket: previous[position]?.bucket ?? null,
    coin,
    commission: current[position]?.commission ?? null,
    previousCommission: previous[position]?.commission ?? null,
  }));
}

/** `topInvitees`: reads the current period's (overview-traders.ts); called here, in this statement order. */
export async function overviewDetail(
  db: Db,
  connectionId: string,
  f: ReportFilters,
  current: Period,
  previous: Period,
  topInvitees: () => Promise<TopInvitee[]>,
): Promise<Detail> {
  const coin = coinOf(f);
  const [now, before, coins, invitees, symbols, funnel] = await Promise.all([
    commissionPerBucket(db, connectionId, f, current, coin),
    commissionPerBucket(db, connectionId, f, previous, coin),
    queryRows<{ coin: string; commission: string; fee: string; volume: string; items: string }>(
      db,
      sql`select coin, sum(commission)::text as commission, sum(fee)::text as fee,
                 sum(taker_amount + maker_amount)::text as volume, sum(items)::text as items
          from commission_day where ${dailyConditions(connectionId, current.start, current.end)}
          group by coin having sum(items) > 0 order by sum(items) desc, coin`,
    ),
    topInvitees(),
    queryRows<{ symbol: string; commission: string; volume: string }>(
      db,
      sql`select symbol, sum(commission)::text as commission, sum(taker_amount + maker_amount)::text as volume
          from commission_day_symbol where ${dailyConditions(connectionId, current.start, current.end, { coin })}
          group by symbol order by sum(commission) desc, symbol limit ${TOP_N}`,
    ),
    // The Invitees page's funnel (signup-funnel.ts) over the same sign-ups: the period's.
    signupFunnel(
      db,
      sql`connection_id = ${connectionId} and register_time >= ${iso(current.start)}::timestamptz and register_time <= ${iso(current.end)}::timestamptz`,
    ),
  ]);
  return {
    coin,
    commissionTrend: alignByPosition(coin, now, before),
    coins: coins.map((c): CoinRow => ({ coin: c.coin, commission: c.commission, fee: c.fee, volume: c.volume, items: Number(c.items) })),
    topInvitees: invitees,
    topSymbols: symbols.map((r): TopSymbol => ({ symbol: r.symbol, coin, commission: r.commission, volume: r.volume })),
    funnel,
  };
}
