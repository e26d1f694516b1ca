/**
 * The Sub-affiliates report: per sub-affiliate trading volume, net fee and
 * paid commission over time, their ranking and share of the total. Exact
 * numeric sums; shares are numeric divisions rounded to 6 decimals.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { SubAffiliateReport } from "./contracts/sub-affiliates";
import type { ReportFilters } from "./filters";
import { bucketRows, bucketsOf, bucketStart } from "./sql";

export function subAffiliateConditions(connectionId: string, f: ReportFilters): SQL {
  // Records are calendar days (YYYY-MM-DD); the range's first and last days bound them.
  const parts: SQL[] = [sql`connection_id = ${connectionId}`, sql`day >= ${f.range.from}::date`, sql`day <= ${f.range.to}::date`];
  if (f.product) parts.push(sql`product_type = ${f.product}`);
  if (f.sub) parts.push(sql`sub_affiliate_uid = ${f.sub}`);
  return sql.join(parts, sql` and `);
}

export async function subAffiliateReport(db: Db, connectionId: string, filters: ReportFilters): Promise<SubAffiliateReport> {
  const where = subAffiliateConditions(connectionId, filters);
  // A calendar day is a bucket of its own: time zones do not move it.
  const bucket = bucketStart(sql.raw("day::timestamp"), { interval: filters.interval, tz: "UTC" });
  const [buckets, series, ranking, totals] = await Promise.all([
    bucketsOf(db, { ...filters, tz: "UTC" }),
    bucketRows<{ volume: string; fee: string; paid: string }>(
      db,
      sql`select ${bucket} as b, sum(trading_volume)::text as volume, sum(net_trading_fee)::text as fee, sum(paid_commission)::text as paid
          from sub_affiliate_daily where ${where} group by 1`,
    ),
    queryRows<{ sub: string; volume: string; fee: string; paid: string; share: string; days: string }>(
      db,
      sql`with per_sub as (
            select sub_affiliate_uid as sub, sum(trading_volume) as volume, sum(net_trading_fee) as fee,
                   sum(paid_commission) as paid, count(distinct day) as days
            from sub_affiliate_daily where ${where} group by sub_affiliate_uid)
          select sub, volume::text as volume, fee::text as fee, paid::text as paid, days::text as days,
                 coalesce(round(volume / nullif(sum(volume) over (), 0), 6), 0)::text as share
          from per_sub order by per_sub.volume desc, sub`,
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
    ranking: ranking.map((r) => ({ subAffiliateUid: r.sub, tradingVolume: r.volume, netTradingFee: r.fee, paidCommission: r.paid, volumeShare: r.share, activeDays: Number(r.days) })),
    totals: { tradingVolume: total?.volume ?? "0", netTradingFee: total?.fee ?? "0", paidCommission: total?.paid ?? "0", subAffiliates: Number(total?.subs ?? 0) },
  };
}
