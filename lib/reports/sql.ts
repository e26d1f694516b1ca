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

const monthStartOf = (ms: number): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonthOf = (monthStart: number): number => {
  const d = new Date(monthStart);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * Per-invitee commission rows of a range (columns uid, coin, fee, commission,
 * volume), for distinct invitees and per-invitee sums: a monthly per-invitee
 * rollup for the whole months (the narrow one unless a product or source filter
 * needs the wide one), and for each partial month at an edge of the range
 * either that month's rollup rows — when the month holds no item outside the
 * range, as for every range ending now (nothing is dated after today) — or
 * the raw items of its part of the range (index on connection_id, day).
 * The rows are partial sums: group them by uid (and coin) before using them.
 */
export function commissionsPerUid(connectionId: string, start: number, end: number, f: Pick<ReportFilters, "coin" | "product" | "source"> = {}): SQL {
  const dims = commissionDimensions(f).map((c) => sql` and ${c}`);
  const rollup = f.product || f.source ? sql`commission_uid_monthly` : sql`commission_uid_coin_monthly`;
  const fromRollup = (from: number, to: number, when: SQL = sql``) =>
    sql`select uid, coin, fee, commission, volume from ${rollup}
        where connection_id = ${connectionId} and month >= ${isoOf(from)}::timestamptz and month < ${isoOf(to)}::timestamptz${sql.join(dims)}${when}`;
  // [from, end] when the range ends first, else [from, the next month): no instant of the range is left out.
  const raw = (from: number, below: number | null, when: SQL = sql``) =>
    sql`select uid, coin, fee, commission, taker_amount + maker_amount as volume from commission_items
        where connection_id = ${connectionId} and day >= ${isoOf(from)}::timestamptz
          and ${below === null ? sql`day <= ${isoOf(end)}::timestamptz` : sql`day < ${isoOf(below)}::timestamptz`}${sql.join(dims)}${when}`;
  const parts: SQL[] = [];
  const months = wholeUtcMonths(start, end);
  if (months) parts.push(fromRollup(months.from, months.to));
  // The partial months: the one holding start unless it is whole, the one holding end unless it is whole or the same.
  const edges = [monthStartOf(start), monthStartOf(end)].filter(
    (m, i, all) => all.indexOf(m) === i && !(months && m >= months.from && m < months.to),
  );
  for (const month of edges) {
    const next = nextMonthOf(month);
    // An item of this month outside [start, end]? Two index probes on (connection_id, day), evaluated once per
    // statement (uncorrelated: the planner gates each branch on them), so exactly one branch below reads anything,
    // in the statement's own snapshot. The coin, product and source filters are left out of the probe: an item
    // that fails them cannot make the rollup wrong, so ignoring them only falls back to the raw items more often.
    const outside: SQL[] = [];
    if (start > month) outside.push(sql`exists (select 1 from commission_items where connection_id = ${connectionId} and day >= ${isoOf(month)}::timestamptz and day < ${isoOf(start)}::timestamptz)`);
    if (end < next - 1) outside.push(sql`exists (select 1 from commission_items where connection_id = ${connectionId} and day > ${isoOf(end)}::timestamptz and day < ${isoOf(next)}::timestamptz)`);
    if (outside.length === 0) {
      parts.push(fromRollup(month, next)); // unreachable (such a month is whole), kept exact anyway
      continue;
    }
    const any = sql.join(outside, sql` or `);
    parts.push(fromRollup(month, next, sql` and not (${any})`));
    parts.push(raw(Math.max(start, month), end < next ? null : next, sql` and (${any})`));
  }
  if (parts.length === 0) return raw(start, null);
  return sql.join(parts, sql` union all `);
}
