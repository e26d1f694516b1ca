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
