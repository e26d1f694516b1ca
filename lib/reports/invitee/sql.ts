/**
 * The Invitee detail report (/invitees/<uid>): the profile and milestones
 * (invitee-profile.ts), the range's and the previous period's figures
 * (invitee-figures.ts), and for the range in the view's coin (USDT unless
 * named; a BTC commission is never added to a USDT one): a series per bucket
 * and product, by symbol, the rates applied, the coins the invitee earned
 * commission in, and its rank among all invitees by commission.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { InviteeDetailQuery, InviteeDetailReport } from "./contract";
import { QUOTE_COIN } from "../../sync/prices/store";
import { commissionAllCoins, ownValue, pricesUsed, valuedLookup, valuedLookups, type RowValue, type RowValues } from "../../prices/period-values";
import { coinOf, type Coin, type ReportFilters } from "../filters";
import { inviteeFigures } from "./figures";
import { inviteeProfile, milestonesOf } from "./profile";
import { comparedDays, periodOfStretch, periodsOf, type Period } from "../periods";
import { bucketRows, bucketsOf, bucketStart, commissionsPerUid } from "../sql";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/** The invitee's commission items of the range (in one coin, or every coin). */
function itemsWhere(connectionId: string, uid: string, p: Period, coin?: string) {
  const parts = [
    sql`connection_id = ${connectionId}`,
    sql`uid = ${uid}`,
    sql`day >= ${iso(p.start)}::timestamptz`,
    sql`day <= ${iso(p.end)}::timestamptz`,
    ...(coin ? [sql`coin = ${coin}`] : []),
  ];
  return sql.join(parts, sql` and `);
}

/**
 * The invitee's place among every invitee with commission in the coin over the
 * range (the per-invitee rollups, as Commissions' top invitees read them):
 * 1 + the number earning strictly more, so ties share a place.
 */
async function rankOf(db: Db, connectionId: string, uid: string, coin: Coin, p: Period) {
  const rows = await queryRows<{ position: string | null; of: string }>(
    db,
    sql`with per as materialized (
          select uid, sum(commission) as commission from (${commissionsPerUid(connectionId, p.start, p.end, { coin })}) r
          where coin = ${coin} group by uid),
        mine as (select commission from per where uid = ${uid})
        select case when exists (select 1 from mine) then (1 + (select count(*) from per where commission > (select commission from mine)))::text end as position,
               (select count(*) from per)::text as of`,
  );
  const r = rows[0];
  return { coin, position: r?.position == null ? null : Number(r.position), of: Number(r?.of ?? 0) };
}

export async function inviteeDetailReport(db: Db, connectionId: string, f: ReportFilters, q: InviteeDetailQuery, now = Date.now()): Promise<InviteeDetailReport> {
  const uid = q.uid;
  const coin = coinOf(f);
  const current: Period = { start: f.range.startTime, end: f.range.endTime };
  // The partial-day rule (periods.ts): while today is partial the previous period is the days a change compares
  // (without its last day), and the current period's whole days are read apart (currentWholeDays), as the Overview does.
  const periods = periodsOf(f.range);
  const days = comparedDays(periods);
  const previous = periodOfStretch(days.previous ?? periods.previous);
  const wholeDays = periods.partialDay !== null && days.current !== null ? periodOfStretch(days.current) : null;
  // First: an unknown uid is a 404 before any sum is read.
  const profile = await inviteeProfile(db, connectionId, uid, q.dormantDays, now);
  const inCoin = itemsWhere(connectionId, uid, current, coin);
  // Every coin of the range valued at each item's own day's close (one invitee's items: the raw rows).
  const everyCoin = { table: sql`commission_items`, where: itemsWhere(connectionId, uid, current) };
  // The tables' "≈ USDT" columns: in a view of another coin, each row's items at their own day's close; read beside
  // the sums (they need nothing of them). A USDT view's rows are their own values.
  const inView = { table: sql`commission_items`, where: inCoin };
  const values: Promise<[RowValues, RowValue]> =
    coin === QUOTE_COIN
      ? Promise.resolve([{ commission: ownValue, fee: ownValue }, ownValue])
      : Promise.all([
          valuedLookups(db, connectionId, inView, sql.raw("symbol")),
          valuedLookup(db, connectionId, inView, sql.raw("rate::text || '|' || product_type"), sql.raw("rate, product_type")),
        ]);
  const [figures, before, whole, rank, coins, buckets, series, bySymbol, rates, allCoins, prices, [symbolValues, rateUsdt]] = await Promise.all([
    inviteeFigures(db, connectionId, uid, coin, current),
    inviteeFigures(db, connectionId, uid, coin, previous),
    wholeDays ? inviteeFigures(db, connectionId, uid, coin, wholeDays) : null,
    rankOf(db, connectionId, uid, coin, current),
    queryRows<{ coin: string; commission: string; items: string }>(
      db,
      sql`select coin, sum(commission)::text as commission, count(*)::text as items
          from commission_items where ${itemsWhere(connectionId, uid, current)} group by coin order by coin desc`,
    ),
    bucketsOf(db, f),
    // commission_items keep their UTC day, so buckets in any time zone group them as every report does.
    bucketRows<{ coin: string; product_type: string; commission: string; fee: string }>(
      db,
      sql`select ${bucketStart(sql.raw("day"), f)} as b, coin, product_type, sum(commission)::text as commission, sum(fee)::text as fee
          from commission_items where ${inCoin} group by 1, 2, 3`,
      ["product_type"],
    ),
    queryRows<{ symbol: string; coin: string; commission: string; fee: string; taker: string; maker: string; items: string }>(
      db,
      sql`select symbol, coin, sum(commission)::text as commission, sum(fee)::text as fee, sum(taker_amount)::text as taker,
                 sum(maker_amount)::text as maker, count(*)::text as items
          from commission_items where ${inCoin} group by symbol, coin order by sum(commission) desc, symbol`,
    ),
    queryRows<{ rate: string; product_type: string; coin: string; items: string; commission: string }>(
      db,
      sql`select rate::text as rate, product_type, coin, count(*)::text as items, sum(commission)::text as commission
          from commission_items where ${inCoin} group by rate, product_type, coin order by rate, product_type`,
    ),
    commissionAllCoins(db, connectionId, everyCoin),
    pricesUsed(db, connectionId, everyCoin),
    values,
  ]);
  return {
    profile,
    milestones: milestonesOf(profile),
    current: figures,
    currentWholeDays: whole,
    previous: before,
    previousPeriod: { from: isoDay(previous.start), to: isoDay(previous.end) },
    rank,
    coins: coins.map((c) => ({ coin: c.coin, commission: c.commission, items: Number(c.items) })),
    allCoins: coins.some((c) => c.coin !== "USDT") ? { commission: allCoins, prices } : null,
    buckets,
    series: series.map((s) => ({ bucket: s.bucket, coin: s.coin, productType: s.product_type, commission: s.commission, fee: s.fee })),
    bySymbol: bySymbol.map((s) => ({ symbol: s.symbol, coin: s.coin, commission: s.commission, commissionUsdt: symbolValues.commission(s.symbol, s.coin, s.commission), fee: s.fee, feeUsdt: symbolValues.fee(s.symbol, s.coin, s.fee), takerVolume: s.taker, makerVolume: s.maker, items: Number(s.items) })),
    rates: rates.map((r) => ({ rate: r.rate, productType: r.product_type, coin: r.coin, items: Number(r.items), commission: r.commission, commissionUsdt: rateUsdt(`${r.rate}|${r.product_type}`, r.coin, r.commission) })),
  };
}
