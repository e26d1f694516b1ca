/**
 * The Overview: the headline figures of a period — commission, net fee,
 * effective rate, trading volume, new invitees, active traders, net deposits —
 * each with the previous period of the same length and the same period a year
 * earlier, and a small trend per figure. Money figures are USDT (commission and
 * fee of USDT items; volumes are USDT for every item). Exact numeric sums. The
 * chart, top lists and funnel below the cards: overview-detail.ts.
 */
import "server-only";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { Figures, OverviewReport } from "./contracts/overview";
import { coinOf, type ReportFilters } from "./filters";
import { previousPeriod, yearAgoPeriod, type Period } from "./periods";
import { overviewDetail } from "./overview-detail";
import { tradersAndTop } from "./overview-traders";
import { bucketRows, bucketsOf, bucketStart, commissionsPerUid, dailyConditions } from "./sql";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/**
 * A period's headline figures. Active traders come from the per-invitee rollup and the range's edge days: counted
 * here, unless the caller already counts them (`traders`, the current period's, read with its top invitees).
 */
async function figures(db: Db, connectionId: string, p: Period, traders?: Promise<string>): Promise<Figures> {
  const tradersSql = sql`(select count(*) from (select uid from (${commissionsPerUid(connectionId, p.start, p.end)}) u group by uid) t)::text`;
  const [c, inv, assets, counted] = await Promise.all([
    // Sums from the daily rollup.
    queryRows<{ commission: string; fee: string; volume: string; traders: string | null }>(
      db,
      sql`select coalesce(sum(commission) filter (where coin = 'USDT'), 0)::text as commission,
                 coalesce(sum(fee) filter (where coin = 'USDT'), 0)::text as fee,
                 coalesce(sum(taker_amount + maker_amount), 0)::text as volume,
                 ${traders ? sql`null` : tradersSql} as traders
          from commission_day where ${dailyConditions(connectionId, p.start, p.end)}`,
    ),
    queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from invited_users
          where connection_id = ${connectionId} and register_time >= ${iso(p.start)}::timestamptz and register_time <= ${iso(p.end)}::timestamptz`,
    ),
    queryRows<{ net: string }>(
      db,
      sql`select coalesce(sum(deposit_amount) - sum(withdrawal_amount), 0)::text as net from trade_asset_day
          where connection_id = ${connectionId} and day >= ${isoDay(p.start)}::date and day <= ${isoDay(p.end)}::date`,
    ),
    traders,
  ]);
  const commission = c[0]?.commission ?? "0";
  const fee = c[0]?.fee ?? "0";
  return {
    commission,
    netFee: fee,
    effectiveRate: new Decimal(fee).isZero() ? "0" : new Decimal(commission).div(fee).toDecimalPlaces(6).toFixed(),
    volume: c[0]?.volume ?? "0",
    newInvitees: inv[0]?.n ?? "0",
    activeTraders: counted ?? c[0]?.traders ?? "0",
    netDeposits: assets[0]?.net ?? "0",
  };
}

export async function overviewReport(db: Db, connectionId: string, f: ReportFilters): Promise<OverviewReport> {
  const current = { start: f.range.startTime, end: f.range.endTime };
  const previous = previousPeriod(current);
  const yearAgo = yearAgoPeriod(current);
  const bucket = bucketStart(sql.raw("day"), f);
  const currentTraders = tradersAndTop(db, connectionId, current, coinOf(f));
  const [a, b, c, buckets, trend, invitees, detail] = await Promise.all([
    figures(db, connectionId, current, currentTraders.then((t) => t.traders)),
    figures(db, connectionId, previous),
    figures(db, connectionId, yearAgo),
    bucketsOf(db, f),
    bucketRows<{ commission: string; volume: string }>(
      db,
      sql`select ${bucket} as b, coalesce(sum(commission) filter (where coin = 'USDT'), 0)::text as commission,
                 sum(taker_amount + maker_amount)::text as volume
          from commission_day where ${dailyConditions(connectionId, current.start, current.end)}
          group by 1`,
    ),
    bucketRows<{ n: string }>(
      db,
      sql`select ${bucketStart(sql.raw("register_time"), f)} as b, count(*)::text as n from invited_users
          where connection_id = ${connectionId} and register_time >= ${iso(current.start)}::timestamptz and register_time <= ${iso(current.end)}::timestamptz
          group by 1`,
    ),
    overviewDetail(db, connectionId, f, current, previous, currentTraders.then((t) => t.top)),
  ]);
  const byBucket = new Map(trend.map((t) => [t.bucket, t]));
  const newByBucket = new Map(invitees.map((t) => [t.bucket, Number(t.n)]));
  return {
    current: a,
    previous: b,
    yearAgo: c,
    buckets,
    trend: buckets.map((bk) => ({ bucket: bk, commission: byBucket.get(bk)?.commission ?? "0", volume: byBucket.get(bk)?.volume ?? "0", newInvitees: newByBucket.get(bk) ?? 0 })),
    ...detail,
  };
}
