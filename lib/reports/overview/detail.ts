/**
 * The Overview's parts below its cards, in the view's one coin (USDT unless the
 * URL names another; amounts in different coins are never added): commission
 * per bucket of the period and of the previous period, aligned by position; the
 * top invitees (read with the active traders: overview-traders.ts) and symbols;
 * commission per coin; the invitee funnel of the period's sign-ups. Exact
 * numeric sums returned as text. Each trend bucket carries its own coverage (the
 * previous period's too, which may reach before the synced history): a bucket
 * the warehouse does not hold has no figure (null), never a zero.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { TOP_N, type CoinRow, type ComparedPoint, type OverviewReport, type TopInvitee, type TopSymbol } from "./contract";
import { coverageOf, type BucketState, type SourceSpan } from "../coverage";
import { sourceSpansFor } from "../coverage-sources";
import { coinOf, type Coin, type ReportFilters } from "../filters";
import type { Period } from "../periods";
import { signupFunnel } from "../signup-funnel";
import { bucketRows, bucketsOf, bucketStart, dailyConditions, listOf } from "../sql";
import { ownValue, valuedLookup, valuedPerCoin, type RowValue } from "../../prices/period-values";
import { QUOTE_COIN } from "../../sync/prices/store";
import type { TopInviteeSums } from "./traders";

type Detail = Pick<OverviewReport, "coin" | "commissionTrend" | "coins" | "topInvitees" | "topSymbols" | "funnel">;

const iso = (ms: number) => new Date(ms).toISOString();

interface BucketCommission {
  bucket: string;
  /** null where the warehouse does not hold the bucket (not synced): unknown, not zero. */
  commission: string | null;
  state: BucketState;
}

/** The period's buckets, each with its coverage and the coin's commission in it (zero where a synced bucket has no item). */
async function commissionPerBucket(db: Db, connectionId: string, f: ReportFilters, p: Period, coin: Coin, spans: Promise<SourceSpan[]>): Promise<BucketCommission[]> {
  const range = { ...f.range, startTime: p.start, endTime: p.end };
  const [buckets, rows, sources] = await Promise.all([
    bucketsOf(db, { interval: f.interval, tz: f.tz, range }),
    bucketRows<{ commission: string }>(
      db,
      sql`select ${bucketStart(sql.raw("day"), f)} as b, sum(commission)::text as commission
          from commission_day where ${dailyConditions(connectionId, p.start, p.end, { coin })} group by 1`,
    ),
    spans,
  ]);
  const states = new Map(coverageOf({ range, interval: f.interval, tz: f.tz, sources }).buckets.map((b) => [b.bucket, b.state]));
  const byBucket = new Map(rows.map((r) => [r.bucket, r.commission]));
  return buckets.map((bucket) => {
    // The coverage rule lists the same buckets as the SQL; one it lacks is judged not synced rather than zero.
    const state = states.get(bucket) ?? "uncovered";
    return { bucket, state, commission: state === "uncovered" ? null : (byBucket.get(bucket) ?? "0") };
  });
}

/** Position k of the period against position k of the previous period (weeks and months may differ in count). */
export function alignByPosition(coin: string, current: readonly BucketCommission[], previous: readonly BucketCommission[]): ComparedPoint[] {
  return Array.from({ length: Math.max(current.length, previous.length) }, (_, position) => ({
    position,
    bucket: current[position]?.bucket ?? null,
    previousBucket: previous[position]?.bucket ?? null,
    coin,
    commission: current[position]?.commission ?? null,
    previousCommission: previous[position]?.commission ?? null,
    state: current[position]?.state ?? null,
    previousState: previous[position]?.state ?? null,
  }));
}

/** `topInvitees`: reads the current period's (overview-traders.ts); called here, in this statement order. */
export async function overviewDetail(
  db: Db,
  connectionId: string,
  f: ReportFilters,
  current: Period,
  previous: Period,
  topInvitees: () => Promise<TopInviteeSums[]>,
): Promise<Detail> {
  const coin = coinOf(f);
  // One read of what the sync holds, judged for each period's buckets.
  const spans = sourceSpansFor(db, connectionId, "overview", f);
  const inCoin = (keys: SQL) => sql`${dailyConditions(connectionId, current.start, current.end, { coin })} and ${keys}`;
  const perCoinRows = { table: sql`commission_day`, where: dailyConditions(connectionId, current.start, current.end) };
  const [now, before, coins, invitees, symbols, funnel, coinValues, symbolValue] = await Promise.all([
    commissionPerBucket(db, connectionId, f, current, coin, spans),
    commissionPerBucket(db, connectionId, f, previous, coin, spans),
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
    // Each coin's commission and net fee, and each symbol's commission, in USDT at its own days' closes (only other coins' rows are read).
    valuedPerCoin(db, connectionId, perCoinRows),
    coin === QUOTE_COIN ? ownValue : valuedLookup(db, connectionId, { table: sql`commission_day_symbol`, where: inCoin(sql`true`) }, sql.raw("symbol")),
  ]);
  // The top invitees' values need their uids first; in a USDT view each is its own value, nothing to read.
  const inviteeValue: RowValue =
    coin === QUOTE_COIN || invitees.length === 0
      ? ownValue
      : await valuedLookup(db, connectionId, { table: sql`commission_uid_day`, where: inCoin(sql`uid in ${listOf(invitees.map((i) => i.uid))}`) }, sql.raw("uid"));
  return {
    coin,
    commissionTrend: alignByPosition(coin, now, before),
    coins: coins.map((c): CoinRow => ({ coin: c.coin, commission: c.commission, commissionUsdt: coinValues.commission(c.coin, c.commission), fee: c.fee, feeUsdt: coinValues.fee(c.coin, c.fee), volume: c.volume, items: Number(c.items) })),
    topInvitees: invitees.map((i): TopInvitee => ({ ...i, commissionUsdt: inviteeValue(i.uid, i.coin, i.commission) })),
    topSymbols: symbols.map((r): TopSymbol => ({ symbol: r.symbol, coin, commission: r.commission, commissionUsdt: symbolValue(r.symbol, coin, r.commission), volume: r.volume })),
    funnel,
  };
}
