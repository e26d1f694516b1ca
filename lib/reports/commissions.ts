/**
 * The Commissions report: the series over time (by coin, product and source),
 * totals, by symbol, taker vs maker, top invitees and the rate distribution.
 * Sums are SQL `numeric`, returned as text: exact, digit for digit. Amounts in
 * different coins are never added together.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { ReportFilters } from "./filters";
import { bucketOf, bucketsOf } from "./sql";

export interface CommissionTotals {
  coin: string;
  commission: string;
  fee: string;
  takerVolume: string;
  makerVolume: string;
  items: number;
  invitees: number;
}

export interface CommissionSeriesPoint {
  bucket: string;
  coin: string;
  productType: string;
  /** 1 = direct client, 2 = sub-agent. */
  sourceType: number;
  commission: string;
}

export interface CommissionBreakdownRow {
  key: string;
  coin: string;
  commission: string;
  fee: string;
  volume: string;
}

export interface CommissionReport {
  buckets: string[];
  totals: CommissionTotals[];
  series: CommissionSeriesPoint[];
  bySymbol: CommissionBreakdownRow[];
  topInvitees: CommissionBreakdownRow[];
  rates: Array<{ rate: string; items: number; commission: string }>;
}

/** The WHERE clause of the commission filters (one place, used by every query below and by exports). */
export function commissionConditions(connectionId: string, f: ReportFilters): SQL {
  const parts: SQL[] = [
    sql`connection_id = ${connectionId}`,
    sql`day >= ${new Date(f.range.startTime).toISOString()}::timestamptz`,
    sql`day <= ${new Date(f.range.endTime).toISOString()}::timestamptz`,
  ];
  if (f.coin) parts.push(sql`coin = ${f.coin}`);
  if (f.product) parts.push(sql`product_type = ${f.product}`);
  if (f.source) parts.push(sql`source_type = ${f.source === "direct" ? 1 : 2}`);
  if (f.uid) parts.push(sql`uid = ${f.uid}`);
  return sql.join(parts, sql` and `);
}

const TOP_INVITEES = 10;

export async function commissionReport(db: Db, connectionId: string, filters: ReportFilters): Promise<CommissionReport> {
  const where = commissionConditions(connectionId, filters);
  const bucket = bucketOf(sql.raw("day"), filters);
  const [buckets, totals, series, bySymbol, topInvitees, rates] = await Promise.all([
    bucketsOf(db, filters),
    queryRows<{ coin: string; commission: string; fee: string; taker: string; maker: string; items: string; invitees: string }>(
      db,
      sql`select coin, sum(commission)::text as commission, sum(fee)::text as fee, sum(taker_amount)::text as taker,
                 sum(maker_amount)::text as maker, count(*)::text as items, count(distinct uid)::text as invitees
          from commission_items where ${where} group by coin order by coin desc`,
    ),
    queryRows<{ bucket: string; coin: string; product_type: string; source_type: number; commission: string }>(
      db,
      sql`select ${bucket} as bucket, coin, product_type, source_type, sum(commission)::text as commission
          from commission_items where ${where} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
    queryRows<{ key: string; coin: string; commission: string; fee: string; volume: string }>(
      db,
      sql`select symbol as key, coin, sum(commission)::text as commission, sum(fee)::text as fee,
                 sum(taker_amount + maker_amount)::text as volume
          from commission_items where ${where} group by symbol, coin order by sum(commission) desc, symbol`,
    ),
    queryRows<{ key: string; coin: string; commission: string; fee: string; volume: string }>(
      db,
      sql`select uid as key, coin, sum(commission)::text as commission, sum(fee)::text as fee,
                 sum(taker_amount + maker_amount)::text as volume
          from commission_items where ${where} and coin = ${filters.coin ?? "USDT"}
          group by uid, coin order by sum(commission) desc, uid limit ${TOP_INVITEES}`,
    ),
    queryRows<{ rate: string; items: string; commission: string }>(
      db,
      sql`select rate::text as rate, count(*)::text as items, sum(commission)::text as commission
          from commission_items where ${where} group by rate order by rate`,
    ),
  ]);
  return {
    buckets,
    totals: totals.map((t) => ({ coin: t.coin, commission: t.commission, fee: t.fee, takerVolume: t.taker, makerVolume: t.maker, items: Number(t.items), invitees: Number(t.invitees) })),
    series: series.map((s) => ({ bucket: s.bucket, coin: s.coin, productType: s.product_type, sourceType: Number(s.source_type), commission: s.commission })),
    bySymbol,
    topInvitees,
    rates: rates.map((r) => ({ rate: r.rate, items: Number(r.items), commission: r.commission })),
  };
}
