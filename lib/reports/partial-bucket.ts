/**
 * The bucket that holds today while today is partial (lib/reports/periods.ts): the range's last one. Charts and
 * their figure tables name it "(today, partial)", as the Overview's trend does, so its low figure is not read as a
 * bad day. Pure and browser-safe.
 */
import type { ReportPeriods } from "./periods";

export const TODAY_PARTIAL = "today, partial";

export function partialBucketOf(buckets: readonly string[], periods: Pick<ReportPeriods, "partialDay"> | undefined): string | null {
  return periods?.partialDay ? (buckets.at(-1) ?? null) : null;
}
