/**
 * Counts in words ("1 sub-affiliate", "2 sub-affiliates"). One helper so every
 * page agrees in number instead of appending "s" by hand. Browser-safe.
 */
const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "<count> <noun>" with the noun singular for exactly 1; `plural` for nouns that do not just take an "s". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${GROUPED.format(count)} ${count === 1 ? singular : plural}`;
}
