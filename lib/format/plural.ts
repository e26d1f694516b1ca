/**
 * Counts in words ("1 sub-affiliate", "2 sub-affiliates"). One helper so every
 * page agrees in number instead of appending "s" by hand. Browser-safe.
 */
const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "<count> <noun>" with the noun singular for exactly 1; `plural` for nouns that do not just take an "s". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${GROUPED.format(count)} ${count === 1 ? singular : plural}`;
}

/** "<value> <unit>" with the unit singular for exactly 1 (a value already rounded for display). */
const amountOf = (value: number, singular: string) => `${value} ${value === 1 ? singular : `${singular}s`}`;

/** Hours as people say them: "1 minute", "5.5 hours", "1 day", "3.2 days" (never "1 minutes"). */
export function durationWords(hours: number): string {
  if (hours < 1) return amountOf(Math.round(hours * 60), "minute");
  if (hours < 48) return amountOf(Math.round(hours * 10) / 10, "hour");
  return amountOf(Math.round((hours / 24) * 10) / 10, "day");
}
