/** SQL pieces every report shares: the time buckets and the bucket list to fill gaps with zeros. */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { Interval, ReportFilters } from "./filters";

/** The bucket (YYYY-MM-DD of its first day, in the filters' time zone) of a timestamptz column. */
export function bucketOf(column: SQL, filters: Pick<ReportFilters, "interval" | "tz">): SQL {
  return sql`to_char(date_trunc(${filters.interval}, ${column} at time zone ${filters.tz}), 'YYYY-MM-DD')`;
}

/** Every bucket of the range, so charts show empty periods as zeros rather than skipping them. */
export async function bucketsOf(db: Db, filters: Pick<ReportFilters, "interval" | "tz" | "range">): Promise<string[]> {
  const start = new Date(filters.range.startTime).toISOString();
  const end = new Date(filters.range.endTime).toISOString();
  const step: Record<Interval, string> = { day: "1 day", week: "1 week", month: "1 month" };
  const rows = await queryRows<{ bucket: string }>(
    db,
    sql`select to_char(b, 'YYYY-MM-DD') as bucket
        from generate_series(
          date_trunc(${filters.interval}, ${start}::timestamptz at time zone ${filters.tz}),
          date_trunc(${filters.interval}, ${end}::timestamptz at time zone ${filters.tz}),
          ${step[filters.interval]}::interval) as b`,
  );
  return rows.map((r) => r.bucket);
}

// ---------------------------------------------------------------------------
// Reading the commission rollups (lib/db/schema.ts, kept exact by the triggers
// of migration 0005_rollup_triggers). commission_daily has the items' own grain
// (UTC day), so any day range and any time zone bucket read it exactly as they
// read the items. commission_uid_coin_monthly (per invitee and
// coin) and commission_uid_monthly (also per product and source) are per UTC
// month: a range reads them for the months it covers whole and the items
// themselves for the partial months at its edges.
// ---------------------------------------------------------------------------

const isoOf = (ms: number) => new Date(ms).toISOString();

/** The coin, product and source filters: columns every commission table and rollup shares. */
export function commissionDimensions(f: Pick<ReportFilters, "coin" | "product" | "source">): SQL[] {
  const parts: SQL[] = [];
  if (f.coin) parts.push(sql`coin = ${f.coin}`);
  if (f.product) parts.push(sql`product_type = ${f.product}`);
  if (f.source) parts.push(sql`source_type = ${f.source === "direct" ? 1 : 2}`);
  return parts;
}

/** The WHERE clause of commission_daily (or commission_items) for a connection, an inclusive time range and filters. */
export function dailyConditions(connectionId: string, start: number, end: number, f: Pick<ReportFilters, "coin" | "product" | "source"> = {}): SQL {
  const parts: SQL[] = [sql`connection_id = ${connectionId}`, sql`day >= ${isoOf(start)}::timestamptz`, sql`day <= ${isoOf(end)}::timestamptz`, ...commissionDimensions(f)];
  return sql.join(parts, sql` and `);
}

/**
 * The UTC months [from, to) lying wholly inside the inclusive range [start, end]:
 * a month counts when its first instant is ≥ start and its last (next month − 1 ms)
 * is ≤ end, so every item of it is in range whatever its time of day. Null when none.
 */
export function wholeUtcMonths(start: number, end: number): { from: number; to: number } | null {
  const s = new Date(start);
  const first = Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), 1);
  const from = first >= start ? first : Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1);
  const e = new Date(end + 1);
  const to = Date.UTC(e.getUTCFullYear(), e.getUTCMonth(), 1);
  return from < to ? { from, to } : null;
}

/**
 * Per-invitee commission rows of a range (columns uid, coin, fee, commission,
 * volume), for distinct invitees and per-invitee sums: a monthly per-invitee
 * rollup for the whole months (the narrow one unless a product or source filter
 * needs the wide one), raw items (index on connection_id, day) for the edges.
 * The rows are partial sums: group them by uid (and coin) before using them.
 */
export function commissionsPerUid(connectionId: string, start: number, end: number, f: Pick<ReportFilters, "coin" | "product" | "source"> = {}): SQL {
  const dims = commissionDimensions(f).map((c) => sql` and ${c}`);
  const raw = (from: number, below: SQL) =>
    sql`select uid, coin, fee, commission, taker_amount + maker_amount as volume from commission_items
        where connection_id = ${connectionId} and day >= ${isoOf(from)}::timestamptz and ${below}${sql.join(dims)}`;
  const upTo = sql`day <= ${isoOf(end)}::timestamptz`;
  const months = wholeUtcMonths(start, end);
  if (!months) return raw(start, upTo);
  const rollup = f.product || f.source ? sql`commission_uid_monthly` : sql`commission_uid_coin_monthly`;
  const parts: SQL[] = [
    sql`select uid, coin, fee, commission, volume from ${rollup}
        where connection_id = ${connectionId} and month >= ${isoOf(months.from)}::timestamptz and month < ${isoOf(months.to)}::timestamptz${sql.join(dims)}`,
  ];
  if (start < months.from) parts.push(raw(start, sql`day < ${isoOf(months.from)}::timestamptz`));
  if (months.to <= end) parts.push(raw(months.to, upTo));
  return sql.join(parts, sql` union all `);
}
