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
import { answersStatementsInParallel, queryRows, type Db } from "../../db/client";
import type { Figures, OverviewReport } from "./contract";
import { coinOf, type ReportFilters } from "../filters";
import { comparedDays, periodOfStretch, periodsOf, type Period } from "../periods";
import { overviewDetail } from "./detail";
import { activeTradersSql, topInvitees, tradersAndTop } from "./traders";
import { bucketRows, bucketsOf, bucketStart, dailyConditions } from "../sql";
import { commissionAllCoins, pricesUsed } from "../../prices/period-values";
import { overviewForecast } from "../../forecast/overview";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/** Counts the caller already reads for the current period, each one scan fewer here. */
interface KnownCounts {
  /** Active traders, read with the top invitees (overview-traders.ts). */
  traders: Promise<string>;
  /** New invitees: the sum of the trend's sign-ups per bucket, over the same rows. */
  newInvitees: Promise<string>;
}

/**
 * A period's headline figures. Active traders come from the per-invitee rollup and the range's edge days. Traders and
 * new invitees are counted here unless the caller knows them already (`known`).
 */
async function figures(db: Db, connectionId: string, p: Period, known?: KnownCounts): Promise<Figures> {
  const [c, inv, assets, traders, newInvitees, allCoins] = await Promise.all([
    // Sums from the daily rollup.
    queryRows<{ commission: string; fee: string; volume: string; traders: string | null }>(
      db,
      sql`select coalesce(sum(commission) filter (where coin = 'USDT'), 0)::text as commission,
                 coalesce(sum(fee) filter (where coin = 'USDT'), 0)::text as fee,
                 coalesce(sum(taker_amount + maker_amount), 0)::text as volume,
                 ${known ? sql`null` : activeTradersSql(connectionId, p)} as traders
          from commission_day where ${dailyConditions(connectionId, p.start, p.end)}`,
    ),
    known
      ? []
      : queryRows<{ n: string }>(
          db,
          sql`select count(*)::text as n from invited_users
              where connection_id = ${connectionId} and register_time >= ${iso(p.start)}::timestamptz and register_time <= ${iso(p.end)}::timestamptz`,
        ),
    queryRows<{ net: string }>(
      db,
      sql`select coalesce(sum(deposit_amount) - sum(withdrawal_amount), 0)::text as net from trade_asset_day
          where connection_id = ${connectionId} and day >= ${isoDay(p.start)}::date and day <= ${isoDay(p.end)}::date`,
    ),
    known?.traders,
    known?.newInvitees,
    commissionAllCoins(db, connectionId, { table: sql`commission_day`, where: dailyConditions(connectionId, p.start, p.end) }),
  ]);
  const commission = c[0]?.commission ?? "0";
  const fee = c[0]?.fee ?? "0";
  return {
    commissionAllCoins: allCoins,
    commission,
    netFee: fee,
    effectiveRate: new Decimal(fee).isZero() ? "0" : new Decimal(commission).div(fee).toDecimalPlaces(6).toFixed(),
    volume: c[0]?.volume ?? "0",
    newInvitees: newInvitees ?? inv[0]?.n ?? "0",
    activeTraders: traders ?? c[0]?.traders ?? "0",
    netDeposits: assets[0]?.net ?? "0",
  };
}

export async function overviewReport(db: Db, connectionId: string, f: ReportFilters): Promise<OverviewReport> {
  const current = { start: f.range.startTime, end: f.range.endTime };
  // The earlier periods' figures count the days a change compares: while today is partial, each without its last
  // day, against the current period's whole days (currentWholeDays). Today alone: the whole earlier days, no change.
  const periods = periodsOf(f.range);
  const days = comparedDays(periods);
  const previous = periodOfStretch(days.previous ?? periods.previous);
  const yearAgo = periodOfStretch(days.yearAgo ?? periods.yearAgo);
  const wholeDays = periods.partialDay !== null && days.current !== null ? periodOfStretch(days.current) : null;
  // The chart overlays the whole earlier period the URL's compare choice names.
  const overlaid = periodOfStretch(periods[f.compare]);
  const bucket = bucketStart(sql.raw("day"), f);
  const coin = coinOf(f);
  const newPerBucket = () =>
    bucketRows<{ n: string }>(
      db,
      sql`select ${bucketStart(sql.raw("register_time"), f)} as b, count(*)::text as n from invited_users
          where connection_id = ${connectionId} and register_time >= ${iso(current.start)}::timestamptz and register_time <= ${iso(current.end)}::timestamptz
          group by 1`,
    );
  // Where statements queue (PGlite), fewer of them: the current period's traders come with its top invitees (one pass
  // over the per-invitee sums) and its new invitees are the trend's sign-ups per bucket added up (every sign-up is in
  // exactly one bucket). Where they run side by side (PostgreSQL), each figure keeps its own lighter statement: merged,
  // the 30-day Overview answered 1.3–1.4× later there.
  const serial = !answersStatementsInParallel(db);
  const onePass = serial ? tradersAndTop(db, connectionId, current, coin) : undefined;
  const signups = serial ? newPerBucket() : undefined;
  const known =
    onePass && signups
      ? { traders: onePass.then((t) => t.traders), newInvitees: signups.then((rows) => String(rows.reduce((sum, r) => sum + Number(r.n), 0))) }
      : undefined;
  const [a, b, c, whole, buckets, trend, invitees, detail, prices, forecast] = await Promise.all([
    figures(db, connectionId, current, known),
    figures(db, connectionId, previous),
    figures(db, connectionId, yearAgo),
    wholeDays ? figures(db, connectionId, wholeDays) : null,
    bucketsOf(db, f),
    bucketRows<{ commission: string; volume: string }>(
      db,
      sql`select ${bucket} as b, coalesce(sum(commission) filter (where coin = 'USDT'), 0)::text as commission,
                 sum(taker_amount + maker_amount)::text as volume
          from commission_day where ${dailyConditions(connectionId, current.start, current.end)}
          group by 1`,
    ),
    signups ?? newPerBucket(),
    overviewDetail(db, connectionId, f, current, overlaid, () => (onePass ? onePass.then((t) => t.top) : topInvitees(db, connectionId, current, coin))),
    pricesUsed(db, connectionId, { table: sql`commission_day`, where: dailyConditions(connectionId, current.start, current.end) }),
    overviewForecast(db, connectionId, f),
  ]);
  const byBucket = new Map(trend.map((t) => [t.bucket, t]));
  const newByBucket = new Map(invitees.map((t) => [t.bucket, Number(t.n)]));
  return {
    current: a,
    currentWholeDays: whole,
    previous: b,
    yearAgo: c,
    buckets,
    trend: buckets.map((bk) => ({ bucket: bk, commission: byBucket.get(bk)?.commission ?? "0", volume: byBucket.get(bk)?.volume ?? "0", newInvitees: newByBucket.get(bk) ?? 0 })),
    ...detail,
    prices,
    forecast,
  };
}
