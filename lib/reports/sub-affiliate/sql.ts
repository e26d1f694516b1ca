/**
 * The Sub-affiliate report: one sub-affiliate's querySubChannelTransactions
 * records (sub_affiliate_daily: per product and calendar day, a few thousand
 * rows for a whole warehouse) over the range — per period and product, its share
 * of all sub-affiliates per product, what is left after the sub's share, the
 * previous period, the estimate of the affiliate's override from it — and,
 * from the commission items, the invitees who came via sub-agents in aggregate
 * (sourceType 2 names no sub-affiliate: see via-sub-agents.ts). Exact numeric
 * sums as text; shares are numeric divisions rounded to 6 decimals.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ApiError } from "../../api/errors";
import { queryRows, type Db } from "../../db/client";
import { PRODUCT_TYPES } from "../../weex/schema/enums";
import type { SubAffiliateDetailReport } from "./contract";
import { subAffiliateQuerySchema, VIA_SUB_AGENTS_TOP } from "./contract";
import type { ReportFilters } from "../filters";
import { comparedDays, periodsOf } from "../periods";
import { bucketRows, bucketsOf, bucketStart } from "../sql";
import { overrideOf } from "./override";
import { viaSubAgents } from "./via-sub-agents";

/** The sub-affiliate's uid from the query: missing or malformed → 400 naming `uid` (as reportQuery words it, without the route's imports). */
function uidOf(query: URLSearchParams): string {
  const parsed = subAffiliateQuerySchema.safeParse({ uid: query.get("uid") ?? undefined });
  if (!parsed.success) throw new ApiError(400, "BAD_REQUEST", `uid: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data.uid;
}

/** The records of one sub-affiliate (or of all, `sub` null) between two calendar days, under the product filter. */
function recordConditions(connectionId: string, sub: string | null, from: string, to: string, f: Pick<ReportFilters, "product">): SQL {
  const parts: SQL[] = [sql`connection_id = ${connectionId}`, sql`day >= ${from}::date`, sql`day <= ${to}::date`];
  if (sub !== null) parts.push(sql`sub_affiliate_uid = ${sub}`);
  if (f.product) parts.push(sql`product_type = ${f.product}`);
  return sql.join(parts, sql` and `);
}

const SUMS = sql.raw(
  `sum(trading_volume)::text as volume, sum(net_trading_fee)::text as fee, sum(paid_commission)::text as paid, (sum(net_trading_fee) - sum(paid_commission))::text as after_sub`,
);

type Sums = { volume: string | null; fee: string | null; paid: string | null; after_sub: string | null };
const sumsOf = (r: Sums | undefined) => ({ tradingVolume: r?.volume ?? "0", netTradingFee: r?.fee ?? "0", paidCommission: r?.paid ?? "0", afterSubShare: r?.after_sub ?? "0" });

/** The sub-affiliate's report; the uid comes from the query (`uid`): missing or malformed → 400, never seen → 404. */
export async function subAffiliateDetailReport(
  db: Db,
  connectionId: string,
  f: ReportFilters,
  query: URLSearchParams,
  options: { top?: number | null } = {},
): Promise<SubAffiliateDetailReport> {
  const uid = uidOf(query);
  const span = await queryRows<{ first: string | null; last: string | null }>(
    db,
    sql`select min(day)::text as first, max(day)::text as last from sub_affiliate_daily where connection_id = ${connectionId} and sub_affiliate_uid = ${uid}`,
  );
  const known = { firstDay: span[0]?.first ?? null, lastDay: span[0]?.last ?? null };
  if (known.firstDay === null) throw new ApiError(404, "NOT_FOUND", `uid: no sub-affiliate ${uid} in this connection's synced data`);

  // The partial-day rule (periods.ts): while today is partial, the previous period is the days a change compares
  // (without its last day) and the current period's whole days are summed apart (currentWholeDays), as the Overview does.
  const periods = periodsOf(f.range);
  const days = comparedDays(periods);
  const { from: prevFrom, to: prevTo } = days.previous ?? periods.previous;
  const wholeDays = periods.partialDay !== null ? days.current : null;
  const mine = recordConditions(connectionId, uid, f.range.from, f.range.to, f);
  const everyone = recordConditions(connectionId, null, f.range.from, f.range.to, f);
  const before = recordConditions(connectionId, uid, prevFrom, prevTo, f);
  // A calendar day is a bucket of its own: time zones do not move it.
  const bucket = bucketStart(sql.raw("day::timestamp"), { interval: f.interval, tz: "UTC" });
  const products = f.product ? [f.product] : [...PRODUCT_TYPES];
  const productList = sql.join(
    products.map((p, i) => sql`(${p}::text, ${i}::int)`),
    sql`, `,
  );

  const [buckets, series, feeSplit, perProduct, totals, override, via, whole] = await Promise.all([
    bucketsOf(db, { ...f, tz: "UTC" }),
    bucketRows<{ product: string } & Sums>(db, sql`select ${bucket} as b, product_type as product, ${SUMS} from sub_affiliate_daily where ${mine} group by 1, 2`, ["product"]),
    bucketRows<Sums>(db, sql`select ${bucket} as b, ${SUMS} from sub_affiliate_daily where ${mine} group by 1`),
    queryRows<{ product: string; volume: string; fee: string; paid: string; after_sub: string; volume_share: string; fee_share: string; paid_share: string; p_volume: string; p_fee: string; p_paid: string; p_after_sub: string }>(
      db,
      sql`with products(product_type, ord) as (values ${productList}),
          mine as (select product_type, sum(trading_volume) as v, sum(net_trading_fee) as f, sum(paid_commission) as p from sub_affiliate_daily where ${mine} group by 1),
          everyone as (select product_type, sum(trading_volume) as v, sum(net_trading_fee) as f, sum(paid_commission) as p from sub_affiliate_daily where ${everyone} group by 1),
          before as (select product_type, sum(trading_volume) as v, sum(net_trading_fee) as f, sum(paid_commission) as p from sub_affiliate_daily where ${before} group by 1)
          select x.product_type as product,
                 coalesce(m.v, 0)::text as volume, coalesce(m.f, 0)::text as fee, coalesce(m.p, 0)::text as paid,
                 (coalesce(m.f, 0) - coalesce(m.p, 0))::text as after_sub,
                 coalesce(round(m.v / nullif(e.v, 0), 6), 0)::text as volume_share,
                 coalesce(round(m.f / nullif(e.f, 0), 6), 0)::text as fee_share,
                 coalesce(round(m.p / nullif(e.p, 0), 6), 0)::text as paid_share,
                 coalesce(b.v, 0)::text as p_volume, coalesce(b.f, 0)::text as p_fee, coalesce(b.p, 0)::text as p_paid,
                 (coalesce(b.f, 0) - coalesce(b.p, 0))::text as p_after_sub
          from products x
          left join mine m on m.product_type = x.product_type
          left join everyone e on e.product_type = x.product_type
          left join before b on b.product_type = x.product_type
          order by x.ord`,
    ),
    queryRows<Sums & { current: boolean; days: string }>(
      db,
      sql`select current, ${SUMS}, count(distinct day)::text as days
          from (select *, day >= ${f.range.from}::date as current from sub_affiliate_daily
                where (${mine}) or (${before})) r
          group by current`,
    ),
    overrideOf(db, connectionId, uid, f),
    viaSubAgents(db, connectionId, f, options.top === undefined ? VIA_SUB_AGENTS_TOP : options.top),
    wholeDays
      ? queryRows<Sums & { days: string }>(db, sql`select ${SUMS}, count(distinct day)::text as days from sub_affiliate_daily where ${recordConditions(connectionId, uid, wholeDays.from, wholeDays.to, f)}`)
      : null,
  ]);

  const now = totals.find((t) => t.current);
  const then = totals.find((t) => !t.current);
  return {
    subAffiliateUid: uid,
    known,
    buckets,
    series: series.map((r) => ({ bucket: r.bucket, productType: r.product as (typeof PRODUCT_TYPES)[number], ...sumsOf(r) })),
    feeSplit: feeSplit.map((r) => ({ bucket: r.bucket, netTradingFee: r.fee ?? "0", paidCommission: r.paid ?? "0", afterSubShare: r.after_sub ?? "0" })),
    products: perProduct.map((r) => ({
      productType: r.product as (typeof PRODUCT_TYPES)[number],
      tradingVolume: r.volume,
      netTradingFee: r.fee,
      paidCommission: r.paid,
      afterSubShare: r.after_sub,
      volumeShare: r.volume_share,
      feeShare: r.fee_share,
      commissionShare: r.paid_share,
      previousTradingVolume: r.p_volume,
      previousNetTradingFee: r.p_fee,
      previousPaidCommission: r.p_paid,
      previousAfterSubShare: r.p_after_sub,
    })),
    totals: { ...sumsOf(now), activeDays: Number(now?.days ?? 0) },
    currentWholeDays: whole ? { ...sumsOf(whole[0]), activeDays: Number(whole[0]?.days ?? 0) } : null,
    previous: { from: prevFrom, to: prevTo, ...sumsOf(then), activeDays: Number(then?.days ?? 0) },
    override,
    viaSubAgents: via,
  };
}
