/**
 * The Invitees report: registrations over time, the funnel register → KYC →
 * first deposit → first trade (conversion rates, median hours between steps),
 * a retention matrix by signup month (share of each cohort trading in each
 * later month) — of the invitees who signed up in the range — and a page of
 * the directory of every invitee with the range's figures (invitee-directory.ts).
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { InviteeReport, RosterQuery } from "./contract";
import { coinOf, type ReportFilters } from "../filters";
import { pricesUsed } from "../../prices/period-values";
import { QUOTE_COIN } from "../../sync/prices/store";
import { directoryBatches, directoryPage } from "./directory";
import { signupFunnel } from "../signup-funnel";
import { bucketRows, bucketsOf, bucketStart, dailyConditions, wholeUtcMonths } from "../sql";

/**
 * The invitees who signed up in the range (and the one uid, and the one invite code, if set): the funnel,
 * registrations and retention. A code from Invite codes (`/invitees?code=…`) narrows them as it narrows the
 * directory, so the funnel says the code's sign-ups, not every code's.
 */
function inviteeConditions(connectionId: string, f: ReportFilters, code: string): SQL {
  const start = new Date(f.range.startTime).toISOString();
  const end = new Date(f.range.endTime).toISOString();
  const parts: SQL[] = [sql`connection_id = ${connectionId}`, sql`register_time >= ${start}::timestamptz`, sql`register_time <= ${end}::timestamptz`];
  if (f.uid) parts.push(sql`uid = ${f.uid}`);
  if (code) parts.push(sql`invite_code = ${code}`);
  return sql.join(parts, sql` and `);
}

export async function inviteeReport(db: Db, connectionId: string, f: ReportFilters, roster: RosterQuery, now = Date.now()): Promise<InviteeReport> {
  const where = inviteeConditions(connectionId, f, roster.code);
  const rangeStart = new Date(f.range.startTime);
  const firstCohort = new Date(Date.UTC(rangeStart.getUTCFullYear(), rangeStart.getUTCMonth(), 1)).toISOString();
  // The signup months whose every invitee is in range, unless one invitee or one code is asked for (the kept matrix
  // counts every invitee): an empty span otherwise, so every cohort is counted live from its own invitees.
  const whole = f.uid || roster.code ? null : wholeUtcMonths(f.range.startTime, f.range.endTime);
  const wholeFrom = new Date(whole?.from ?? 0).toISOString();
  const wholeTo = new Date(whole?.to ?? 0).toISOString();

  const [buckets, registrations, funnel, retention, directory, prices] = await Promise.all([
    bucketsOf(db, f),
    bucketRows<{ count: string }>(
      db,
      sql`select ${bucketStart(sql.raw("register_time"), f)} as b, count(*)::text as count from invited_users where ${where} group by 1`,
    ),
    signupFunnel(db, where),
    queryRows<{ cohort: string; size: string; month_offset: number; active: string }>(
      db,
      sql`with cohort as materialized (
            select uid, date_trunc('month', register_time at time zone 'UTC') at time zone 'UTC' as month from invited_users where ${where}),
          sizes as (select month, count(*) as size from cohort group by month),
          activity as (
            -- Signup months the range covers whole: the matrix kept by triggers (retention_cells).
            select cohort_month, active_month, invitees as active from retention_cells
            where connection_id = ${connectionId} and cohort_month >= ${wholeFrom}::timestamptz and cohort_month < ${wholeTo}::timestamptz
            union all
            -- The partial signup months at the range's edges (every month under an invitee filter), counted live from
            -- the narrow monthly rollup (UTC months as timestamptz, like the cohorts, so rows compare without a time
            -- zone conversion each; no month before the first cohort's is read); distinct: it has a row per coin.
            select c.month, m.month, count(distinct m.uid)
            from commission_uid_coin_monthly m
            join (select * from cohort where not (month >= ${wholeFrom}::timestamptz and month < ${wholeTo}::timestamptz)) c on c.uid = m.uid
            where m.connection_id = ${connectionId} and m.month >= ${firstCohort}::timestamptz and m.month >= c.month
            group by 1, 2)
          select to_char(a.cohort_month at time zone 'UTC', 'YYYY-MM') as cohort, s.size::text as size,
                 ((extract(year from a.active_month at time zone 'UTC') - extract(year from a.cohort_month at time zone 'UTC')) * 12
                  + extract(month from a.active_month at time zone 'UTC') - extract(month from a.cohort_month at time zone 'UTC'))::int as month_offset,
                 a.active::text as active
          from activity a join sizes s on s.month = a.cohort_month
          order by a.cohort_month, month_offset`,
    ),
    directoryPage(db, connectionId, f, roster, now),
    coinOf(f) === QUOTE_COIN ? null : pricesUsed(db, connectionId, { table: sql`commission_day`, where: dailyConditions(connectionId, f.range.startTime, f.range.endTime, { coin: coinOf(f) }) }),
  ]);

  const cohorts = new Map<string, { size: number; active: Map<number, number> }>();
  for (const r of retention) {
    const c = cohorts.get(r.cohort) ?? { size: Number(r.size), active: new Map<number, number>() };
    c.active.set(Number(r.month_offset), Number(r.active));
    cohorts.set(r.cohort, c);
  }
  return {
    buckets,
    registrations: registrations.map((r) => ({ bucket: r.bucket, count: Number(r.count) })),
    funnel,
    retention: [...cohorts].map(([cohort, c]) => {
      const last = Math.max(0, ...c.active.keys());
      return { cohort, size: c.size, active: Array.from({ length: last + 1 }, (_, k) => ((c.active.get(k) ?? 0) / c.size).toFixed(4)) };
    }),
    roster: {
      rows: directory.rows,
      total: directory.total,
      page: roster.page,
      pageSize: roster.pageSize,
    },
    prices,
  };
}

/** The whole directory of a view (search, filters, sort) in batches, for exports and snapshots (invitee-directory.ts). */
export const inviteeRosterBatches = directoryBatches;
