/** SQL pieces every report shares: the time buckets and the bucket list to fill gaps with zeros. */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { SOURCE_TYPE_OF, type Interval, type ReportFilters } from "./filters";

/** The start of the bucket holding a timestamptz column's value (a timestamp in the filters' time zone): group by it. */
export function bucketStart(column: SQL, filters: Pick<ReportFilters, "interval" | "tz">): SQL {
  return sql`date_trunc(${filters.interval}, ${column} at time zone ${filters.tz})`;
}

/**
 * The rows of a query grouped by bucket, each with its `bucket` (YYYY-MM-DD of
 * the bucket's first day), in bucket order and then by `orderBy` (column names
 * of `grouped`). `grouped` selects its bucketStart as `b` and groups by it; cast
 * numeric columns to text there so they stay exact strings. The date is
 * formatted once per bucket, after grouping (to_char on every row cost more
 * than the sums), and the rows travel as one JSON text value: PGlite parses
 * every result row on its own in JS, which made a year's daily series (2 900
 * rows) cost more to receive than to compute.
 */
export async function bucketRows<T extends Record<string, unknown>>(db: Db, grouped: SQL, orderBy: readonly string[] = []): Promise<Array<T & { bucket: string }>> {
  const order = sql.raw(["g.b", ...orderBy.map((c) => `g.${c}`)].join(", "));
  const rows = await queryRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(g order by ${order}), '[]')::text as rows
        from (select to_char(x.b, 'YYYY-MM-DD') as bucket, x.* from (${grouped}) x) g`,
  );
  return JSON.parse(rows[0]?.rows ?? "[]") as Array<T & { bucket: string }>;
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
// Reading the rollups (lib/db/schema.ts, kept exact by the triggers of
// migrations 0005 and 0006). The commission day rollups (commission_day,
// commission_day_symbol, commission_day_rate) have the items' own grain (UTC
// day), so any day range and any time zone bucket read them exactly as they
// read the items. The per-invitee month rollups (commission_uid_coin_monthly,
// commission_uid_monthly, trade_asset_uid_monthly) are per UTC (calendar)
// month: a range reads them for the months it covers whole and, for the partial
// months at its edges, either the rollup too or the raw rows (monthSplit).
// ---------------------------------------------------------------------------

const isoOf = (ms: number) => new Date(ms).toISOString();
const isoDayOf = (ms: number) => isoOf(ms).slice(0, 10);

/** The coin, product and source filters: columns every commission table and rollup shares. */
export function commissionDimensions(f: Pick<ReportFilters, "coin" | "product" | "source">): SQL[] {
  const parts: SQL[] = [];
  if (f.coin) parts.push(sql`coin = ${f.coin}`);
  if (f.product) parts.push(sql`product_type = ${f.product}`);
  if (f.source) parts.push(sql`source_type = ${SOURCE_TYPE_OF[f.source]}`);
  return parts;
}

/** The WHERE clause of a commission day rollup (or commission_items) for a connection, an inclusive time range and filters. */
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

/** A per-invitee month rollup and the raw rows it sums, as monthSplit reads them. */
export interface MonthlyRollup {
  /** `select <columns> from <rollup>`: its month column is `month`. */
  rollup: SQL;
  /** `select <the same columns> from <raw table>`: its time column is `day`. */
  raw: SQL;
  /** The raw table alone, for the edge probes. */
  rawTable: SQL;
  /** The conditions both share (connection and filters), joined with `and`. */
  where: SQL;
  /** The connection condition alone, for the edge probes. */
  connection: SQL;
  /** A literal of the time columns' type for an instant: timestamptz, or the UTC date for date columns. */
  at(ms: number): SQL;
}

/** Instants as timestamptz literals (commission items and their month rollups). */
/** `(a, b, c)`: a short list of values (a page's uids) as bound parameters, for `uid in ${listOf(uids)}`. */
export const listOf = (values: readonly string[]): SQL => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

export const atInstant = (ms: number): SQL => sql`${isoOf(ms)}::timestamptz`;
/** Instants as the UTC calendar date holding them (trade-and-asset days and their month rollup). */
export const atDate = (ms: number): SQL => sql`${isoDayOf(ms)}::date`;

/**
 * The rows of an inclusive range [start, end] from a monthly rollup: the
 * rollup for the whole months, and for each partial month at an edge either
 * that month's rollup rows — when the month holds no raw row outside the range,
 * as for every range ending now (nothing is dated after today) — or the raw rows
 * of its part of the range. The rows are partial sums: group them (by uid) before
 * using them.
 */
export function monthSplit(m: MonthlyRollup, start: number, end: number): SQL {
  const fromRollup = (from: number, to: number, when: SQL = sql``) =>
    sql`${m.rollup} where ${m.where} and month >= ${m.at(from)} and month < ${m.at(to)}${when}`;
  // [from, end] when the range ends first, else [from, the next month): no instant of the range is left out.
  const raw = (from: number, below: number | null, when: SQL = sql``) =>
    sql`${m.raw} where ${m.where} and day >= ${m.at(from)} and ${below === null ? sql`day <= ${m.at(end)}` : sql`day < ${m.at(below)}`}${when}`;
  const parts: SQL[] = [];
  const months = wholeUtcMonths(start, end);
  if (months) parts.push(fromRollup(months.from, months.to));
  // The partial months: the one holding start unless it is whole, the one holding end unless it is whole or the same.
  const edges = [monthStartOf(start), monthStartOf(end)].filter(
    (month, i, all) => all.indexOf(month) === i && !(months && month >= months.from && month < months.to),
  );
  for (const month of edges) {
    const next = nextMonthOf(month);
    // A raw row of this month outside [start, end]? Index probes on (connection_id, day), evaluated once per
    // statement (uncorrelated: the planner gates each branch on them), so exactly one branch below reads anything,
    // in the statement's own snapshot. The filters are left out of the probe: a row that fails them cannot make the
    // rollup wrong, so ignoring them only falls back to the raw rows more often.
    const outside: SQL[] = [];
    if (start > month) outside.push(sql`exists (select 1 from ${m.rawTable} where ${m.connection} and day >= ${m.at(month)} and day < ${m.at(start)})`);
    if (end < next - 1) outside.push(sql`exists (select 1 from ${m.rawTable} where ${m.connection} and day > ${m.at(end)} and day < ${m.at(next)})`);
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

/**
 * Per-invitee commission rows of a range (columns uid, coin, fee, commission,
 * volume), for distinct invitees and per-invitee sums, split at the range's
 * edges by monthSplit: without a product or source filter the narrow monthly
 * rollup and, for the edges, the per-invitee day rollup (commission_uid_day);
 * with one, the wide monthly rollup and the items themselves (index on
 * connection_id, day), the only rows that carry product and source per day.
 */
export function commissionsPerUid(
  connectionId: string,
  start: number,
  end: number,
  f: Pick<ReportFilters, "coin" | "product" | "source"> = {},
  /** Only these invitees (`uid = <uids>`, e.g. `any(array(select uid from page))`): read through the uid indexes. */
  uids?: SQL,
): SQL {
  const connection = sql`connection_id = ${connectionId}`;
  const wide = Boolean(f.product || f.source);
  const days = wide ? sql`commission_items` : sql`commission_uid_day`;
  return monthSplit(
    {
      rollup: sql`select uid, coin, fee, commission, volume from ${wide ? sql`commission_uid_monthly` : sql`commission_uid_coin_monthly`}`,
      raw: sql`select uid, coin, fee, commission, ${wide ? sql`taker_amount + maker_amount` : sql`volume`} as volume from ${days}`,
      rawTable: days,
      where: sql.join([connection, ...commissionDimensions(f), ...(uids ? [sql`uid = ${uids}`] : [])], sql` and `),
      connection,
      at: atInstant,
    },
    start,
    end,
  );
}
