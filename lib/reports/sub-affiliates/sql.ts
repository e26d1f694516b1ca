/**
 * The Sub-affiliates report: per sub-affiliate trading volume, net fee and
 * paid commission over time, their ranking and share of the total, and each
 * one's volume in the previous period with its change (whole days only while today
 * is partial: periods.ts). Exact numeric sums; shares and changes are numeric
 * divisions rounded to 6 decimals.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { SubAffiliateReport } from "./contract";
import type { ReportFilters } from "../filters";
import { comparedDays, periodsOf } from "../periods";
import { bucketRows, bucketsOf, bucketStart } from "../sql";

export function subAffiliateConditions(connectionId: string, f: ReportFilters, days: { from: string; to: string } = f.range): SQL {
  // Records are calendar days (YYYY-MM-DD); the range's first and last days bound them.
  const parts: SQL[] = [sql`connection_id = ${connectionId}`, sql`day >= ${days.from}::date`, sql`day <= ${days.to}::date`];
  if (f.product) parts.push(sql`product_type = ${f.product}`);
  if (f.sub) parts.push(sql`sub_affiliate_uid = ${f.sub}`);
  return sql.join(parts, sql` and `);
}

export async function subAffiliateReport(db: Db, connectionId: string, filters: ReportFilters): Promise<SubAffiliateReport> {
  const where = subAffiliateConditions(connectionId, filters);
  // What a change compares (periods.ts): the previous period's days and the current period's whole days; while today
  // is the period's only day there is none (an empty stretch: the change is null).
  const periods = periodsOf(filters.range);
  const days = comparedDays(periods);
  const before = subAffiliateConditions(connectionId, filters, days.previous ?? periods.previous);
  const whole = days.current ? subAffiliateConditions(connectionId, filters, days.current) : sql`false`;
  // A calendar day is a bucket of its own: time zones do not move it.
  const bucket = bucketStart(sql.raw("day::timestamp"), { interval: filters.interval, tz: "UTC" });
  const [buckets, series, ranking, totals] = await Promise.all([
    bucketsOf(db, { ...filters, tz: "UTC" }),
    bucketRows<{ volume: string; fee: string; paid: string }>(
      db,
      sql`select ${bucket} as b, sum(trading_volume)::text as volume, sum(net_trading_fee)::text as fee, sum(paid_commission)::text as paid
          from sub_affiliate_daily where ${where} group by 1`,
    ),
    queryRows<{ sub: string; volume: string; fee: string; paid: string; share: string; days: string; p_volume: string; change: string | null }>(
      db,
      sql`with per_sub as (
            select sub_affiliate_uid as sub, sum(trading_volume) as volume, sum(net_trading_fee) as fee,
                   sum(paid_commission) as paid, count(distinct day) as days
            from sub_affiliate_daily where ${where} group by sub_affiliate_uid),
          before as (select sub_affiliate_uid as sub, sum(trading_volume) as volume from sub_affiliate_daily where ${before} group by 1),
          whole as (select sub_affiliate_uid as sub, sum(trading_volume) as volume from sub_affiliate_daily where ${whole} group by 1)
          select per_sub.sub, per_sub.volume::text as volume, fee::text as fee, paid::text as paid, days::text as days,
                 coalesce(round(per_sub.volume / nullif(sum(per_sub.volume) over (), 0), 6), 0)::text as share,
                 coalesce(b.volume, 0)::text as p_volume,
                 case when ${sql.raw(days.current === null ? "true" : "false")} or coalesce(b.volume, 0) = 0 then null
                      else round((coalesce(w.volume, 0) - b.volume) / abs(b.volume), 6)::text end as change
          from per_sub
          left join before b on b.sub = per_sub.sub
          left join whole w on w.sub = per_sub.sub
          order by per_sub.volume desc, per_sub.sub`,
    ),
    queryRows<{ volume: string | null; fee: string | null; paid: string | null; subs: string }>(
      db,
      sql`select sum(trading_volume)::text as volume, sum(net_trading_fee)::text as fee, sum(paid_commission)::text as paid,
                 count(distinct sub_affiliate_uid)::text as subs
          from sub_affiliate_daily where ${where}`,
    ),
  ]);
  const total = totals[0];
  return {
    buckets,
    series: series.map((s) => ({ bucket: s.bucket, tradingVolume: s.volume, netTradingFee: s.fee, paidCommission: s.paid })),
    ranking: ranking.map((r) => ({
      subAffiliateUid: r.sub,
      tradingVolume: r.volume,
      netTradingFee: r.fee,
      paidCommission: r.paid,
      volumeShare: r.share,
      activeDays: Number(r.days),
      previousTradingVolume: r.p_volume,
      volumeChange: r.change,
    })),
    totals: { tradingVolume: total?.volume ?? "0", netTradingFee: total?.fee ?? "0", paidCommission: total?.paid ?? "0", subAffiliates: Number(total?.subs ?? 0) },
  };
}
