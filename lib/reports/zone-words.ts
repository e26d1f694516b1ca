/**
 * What the time-zone filter (`tz`) changes, in words for headers and scope
 * labels. The date range always selects whole UTC days (lib/url-state/date-range);
 * `tz` only moves where the charts' day, week and month buckets begin
 * (lib/reports/sql.ts bucketStart). Saying "Tokyo days" would claim the range
 * moved too, so the words name both. Pure: server and browser use it.
 */
const UTC = "UTC";

/** The range's zone note: "UTC", or "UTC days; charts bucketed in Asia/Tokyo time" when a report buckets in another zone. */
export function rangeZoneNote(tz: string | undefined): string {
  return tz === undefined || tz === UTC ? UTC : `UTC days; charts bucketed in ${tz} time`;
}

/** The zone's part of a scope label: "UTC days", or "UTC days · buckets in Asia/Tokyo". */
export function scopeZoneWords(tz: string): string {
  return tz === UTC ? "UTC days" : `UTC days · buckets in ${tz}`;
}
