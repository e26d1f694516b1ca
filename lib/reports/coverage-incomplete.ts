/**
 * Days the sync read whose rows did not add up to the exchange's own count, twice (lib/sync/incomplete.ts): their rows
 * are kept, but the days are not held — a bucket holding one is partial, a comparison reaching one is not made, and
 * the coverage sentence says which days and why. Pure and browser-safe (coverage.ts builds on it).
 */

/** A source's recorded window, as whole UTC days (YYYY-MM-DD, inclusive). */
export interface IncompleteSpan {
  source: string;
  label: string;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Every recorded window of the sources, as days (whatever range a view asks: a comparison may reach outside it). */
export function incompleteSpans(sources: ReadonlyArray<{ key: string; label: string; incomplete?: ReadonlyArray<{ startTime: number; endTime: number }> }>): IncompleteSpan[] {
  return sources.flatMap((s) =>
    (s.incomplete ?? []).map((w) => ({ source: s.key, label: s.label, from: isoDay(Math.floor(w.startTime / DAY_MS) * DAY_MS), to: isoDay(w.endTime) })),
  );
}

/** Whether a UTC day (YYYY-MM-DD) lies in a recorded window. */
export const inIncomplete = (spans: readonly IncompleteSpan[], day: string): boolean => spans.some((s) => day >= s.from && day <= s.to);

/** The first recorded window overlapping [from, to] (days), or null. */
export function incompleteWithin(spans: readonly IncompleteSpan[] | undefined, from: string, to: string): IncompleteSpan | null {
  return (spans ?? []).find((s) => s.from <= to && s.to >= from) ?? null;
}

/** The sentence for the recorded windows overlapping the range; "" when none does. */
export function incompleteNote(spans: readonly IncompleteSpan[], range: { from: string; to: string }): string {
  const hits = spans.filter((s) => s.from <= range.to && s.to >= range.from);
  if (hits.length === 0) return "";
  const list = hits.map((s) => `${s.label} ${s.from} → ${s.to}`).join("; ");
  return `Incomplete: the exchange's rows for ${list} did not add up to the count it stated, twice; those days may be missing rows and are not counted as synced until a re-read agrees.`;
}
