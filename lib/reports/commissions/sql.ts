/**
 * The Commissions report: the series over time (by coin, product and source),
 * totals, by symbol, taker vs maker, top invitees and the rate distribution.
 * Sums are SQL `numeric`, returned as text: exact, digit for digit. With no coin
 * in the URL the view is "all": every coin's native totals, series and symbols,
 * the headline and chart in USDT at each day's close (lib/prices), the top
 * invitees and rates in USDT; with a coin, every table is that coin's, and the
 * other coins' totals are named. Its answer: lib/reports/commissions/contract.ts.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { CommissionBreakdownRow, CommissionReport } from "./contract";
import { commissionAllCoins, ownValue, pricesUsed, valuedLookup, valuedLookups, valuedSeries, type CommissionRows, type RowValues } from "../../prices/period-values";
import { coinOf, type ReportFilters } from "../filters";
import { bucketRows, bucketsOf, bucketStart, commissionsPerUid, dailyConditions, listOf } from "../sql";
import { QUOTE_COIN } from "../../sync/prices/store";

const TOP_INVITEES = 10;

type TotalsRow = { coin: string; commission: string; fee: string; taker: string; maker: string; items: string };
type SeriesRow = { coin: string; product_type: string; source_type: number; commission: string };
type BreakdownRow = { key: string; coin: string; commission: string; fee: string; volume: string };
type RateRow = { rate: string; coin: string; items: string; commission: string };
/** Invitee counts per coin (kind "count") and the top invitees (kind "top") from one pass over per-invitee sums. */
type InviteeRow = { kind: "count" | "top"; coin: string; key: string | null; commission: string | null; fee: string | null; volume: string | null; invitees: string | null; rank: string };

/**
 * Where the report reads. With no invitee filter, the rollups: commission_day
 * for the totals and the series, commission_day_symbol and commission_day_rate
 * for the breakdowns by symbol and rate, and the monthly per-invitee rollups
 * plus the range's edges for invitees (lib/reports/sql.ts). One invitee's items
 * are few, so the raw items (index on connection_id, uid, day) serve that filter.
 */
function sources(connectionId: string, filters: ReportFilters): { day: SQL; bySymbol: SQL; byRate: SQL; where: SQL; itemCount: SQL; perUid: SQL } {
  const { startTime: start, endTime: end } = filters.range;
  if (filters.uid) {
    // The raw items carry the uid; every other condition is the rollups' own.
    const where = sql`${dailyConditions(connectionId, start, end, filters)} and uid = ${filters.uid}`;
    const items = sql`commission_items`;
    return {
      day: items,
      bySymbol: items,
      byRate: items,
      where,
      itemCount: sql`count(*)`,
      perUid: sql`select uid, coin, fee, commission, taker_amount + maker_amount as volume from commission_items where ${where}`,
    };
  }
  return {
    day: sql`commission_day`,
    bySymbol: sql`commission_day_symbol`,
    byRate: sql`commission_day_rate`,
    where: dailyConditions(connectionId, start, end, filters),
    itemCount: sql`sum(items)`,
    perUid: commissionsPerUid(connectionId, start, end, filters),
  };
}

/** The rows a view's USDT values are made of (every filter of the view; no coin in the all-coins view). */
export function commissionRowsOf(connectionId: string, filters: ReportFilters): CommissionRows {
  const q = sources(connectionId, filters);
  return { table: q.day, where: q.where };
}

/** The all-coins view's USDT values: the headline, how it was valued, and the chart's series. */
async function valued(db: Db, connectionId: string, rows: CommissionRows, bucket: SQL): Promise<Pick<CommissionReport, "allCoins" | "valuedSeries">> {
  const [commission, prices, series] = await Promise.all([
    commissionAllCoins(db, connectionId, rows),
    pricesUsed(db, connectionId, rows),
    valuedSeries(db, connectionId, rows, bucket),
  ]);
  return {
    allCoins: { commission, prices },
    valuedSeries: series.map((s) => ({ bucket: s.bucket, productType: s.product_type, sourceType: Number(s.source_type), commission: s.commission })),
  };
}

/** The top invitees' commission and net fee in USDT: their raw items in the view's coin (ten invitees: the uid index serves it). */
function topInviteesValued(db: Db, connectionId: string, filters: ReportFilters, uids: readonly string[], coin: string): Promise<RowValues> {
  if (uids.length === 0 || coin === QUOTE_COIN) return Promise.resolve({ commission: ownValue, fee: ownValue });
  const { startTime: start, endTime: end } = filters.range;
  const where = sql`${dailyConditions(connectionId, start, end, filters)} and coin = ${coin} and uid in ${listOf(uids)}`;
  return valuedLookups(db, connectionId, { table: sql`commission_items`, where }, sql.raw("uid"));
}

/** A one-coin view: the other coins' commission over the same filters and days (what the view leaves out). */
function otherCoins(db: Db, connectionId: string, filters: ReportFilters, coin: string): Promise<Array<{ coin: string; commission: string }>> {
  const q = sources(connectionId, { ...filters, coin: undefined });
  return queryRows(db, sql`select coin, sum(commission)::text as commission from ${q.day} where ${q.where} and coin <> ${coin} group by coin order by coin`);
}

export async function commissionReport(db: Db, connectionId: string, filters: ReportFilters): Promise<CommissionReport> {
  // No coin in the URL: every coin (native totals per coin; the headline and chart valued in USDT). A coin: that
  // coin's rows only. No figure adds BTC to USDT natively; the top invitees and rates are one coin's (USDT here).
  const all = filters.coin === undefined;
  const q = sources(connectionId, filters);
  const bucket = bucketStart(sql.raw("day"), filters);
  const topCoin = coinOf(filters);
  const [buckets, totals, series, bySymbol, invitees, rates, usdt, others, symbolValues, rateUsdt] = await Promise.all([
    bucketsOf(db, filters),
    queryRows<TotalsRow>(
      db,
      sql`select coin, sum(commission)::text as commission, sum(fee)::text as fee, sum(taker_amount)::text as taker,
                 sum(maker_amount)::text as maker, (${q.itemCount})::text as items
          from ${q.day} where ${q.where} group by coin order by coin = ${topCoin} desc, coin`,
    ),
    // commission_day keeps the items' UTC day, so buckets in any time zone group it exactly as they group the items.
    bucketRows<SeriesRow>(
      db,
      sql`select ${bucket} as b, coin, product_type, source_type, sum(commission)::text as commission
          from ${q.day} where ${q.where} group by 1, 2, 3, 4`,
      ["coin", "product_type", "source_type"],
    ),
    queryRows<BreakdownRow>(
      db,
      sql`select symbol as key, coin, sum(commission)::text as commission, sum(fee)::text as fee,
                 sum(taker_amount + maker_amount)::text as volume
          from ${q.bySymbol} where ${q.where} group by symbol, coin order by coin = ${topCoin} desc, coin, sum(commission) desc, symbol`,
    ),
    // Distinct invitees and the top ones need sums per invitee: the costly part at a year's range (a hash
    // aggregate over every invitee-month row), computed once and used twice. It carries only the commission,
    // which ranks them: the fee and volume of the ten top invitees are summed afterwards from their own rows
    // (a per-invitee lookup, index on uid), so the big aggregate holds one numeric sum per invitee, not three.
    queryRows<InviteeRow>(
      db,
      sql`with per as materialized (
            select coin, uid, sum(commission) as commission from (${q.perUid}) p group by coin, uid),
          top as (
            select uid, commission, row_number() over (order by per.commission desc, uid) as rank
            from per where coin = ${topCoin} order by per.commission desc, uid limit ${TOP_INVITEES})
          select * from (
            select 'count' as kind, coin, null as key, null as commission, null as fee, null as volume, count(*)::text as invitees, 0::bigint as rank
            from per group by coin
            union all
            select 'top', ${topCoin}, t.uid, t.commission::text, s.fee::text, s.volume::text, null, t.rank
            from top t cross join lateral (
              select sum(fee) as fee, sum(volume) as volume from (${q.perUid}) p where p.uid = t.uid and p.coin = ${topCoin}) s) r
          order by kind, rank`,
    ),
    // In one coin only: a rate's commission summed over coins would add BTC to USDT.
    queryRows<RateRow>(
      db,
      sql`select rate::text as rate, coin, (${q.itemCount})::text as items, sum(commission)::text as commission
          from ${q.byRate} where ${q.where} and coin = ${topCoin} group by rate, coin order by rate`,
    ),
    all ? valued(db, connectionId, { table: q.day, where: q.where }, bucket) : null,
    all ? [] : otherCoins(db, connectionId, filters, topCoin),
    // A USDT view's rows are their own values; the all-coins view's other coins are read (only they: valuedLookup).
    filters.coin === QUOTE_COIN ? { commission: ownValue, fee: ownValue } : valuedLookups(db, connectionId, { table: q.bySymbol, where: q.where }, sql.raw("symbol")),
    topCoin === QUOTE_COIN ? ownValue : valuedLookup(db, connectionId, { table: q.byRate, where: sql`${q.where} and coin = ${topCoin}` }, sql.raw("rate")),
  ]);
  const topUids = invitees.filter((r) => r.kind === "top").map((r) => r.key ?? "");
  const inviteeValues = await topInviteesValued(db, connectionId, filters, topUids, topCoin);
  const inviteesOf = new Map(invitees.filter((r) => r.kind === "count").map((r) => [r.coin, Number(r.invitees)]));
  const topInvitees: CommissionBreakdownRow[] = invitees
    .filter((r) => r.kind === "top")
    .map((r) => ({ key: r.key ?? "", coin: r.coin, commission: r.commission ?? "0", commissionUsdt: inviteeValues.commission(r.key ?? "", r.coin, r.commission ?? "0"), fee: r.fee ?? "0", feeUsdt: inviteeValues.fee(r.key ?? "", r.coin, r.fee ?? "0"), volume: r.volume ?? "0" }));
  return {
    view: all ? "all" : topCoin,
    allCoins: usdt?.allCoins ?? null,
    valuedSeries: usdt?.valuedSeries ?? [],
    otherCoins: others,
    buckets,
    totals: totals.map((t) => ({ coin: t.coin, commission: t.commission, fee: t.fee, takerVolume: t.taker, makerVolume: t.maker, items: Number(t.items), invitees: inviteesOf.get(t.coin) ?? 0 })),
    series: series.map((s) => ({ bucket: s.bucket, coin: s.coin, productType: s.product_type, sourceType: Number(s.source_type), commission: s.commission })),
    bySymbol: bySymbol.map((r) => ({ ...r, commissionUsdt: symbolValues.commission(r.key, r.coin, r.commission), feeUsdt: symbolValues.fee(r.key, r.coin, r.fee) })),
    topInvitees,
    rates: rates.map((r) => ({ rate: r.rate, coin: r.coin, items: Number(r.items), commission: r.commission, commissionUsdt: rateUsdt(r.rate, r.coin, r.commission) })),
  };
}
