/**
 * Coverage: which part of a report's range the warehouse actually holds, so a
 * page never draws days that were never synced as zeros. Pure and
 * browser-safe: the server builds every answer's coverage here (run.ts), and
 * pages use the same rules for the Overview's comparisons.
 *
 * The warehouse's grain is the UTC day (commission and trade-and-asset rows
 * are per day), and a report buckets a day by the instant it starts, in the
 * view's time zone (lib/reports/sql.ts bucketStart). So a UTC day of the range
 * is covered when every source the report reads holds it — on or after the
 * latest source's `coveredFrom` and no later than the day of the earliest
 * `coveredTo` — and a bucket is covered when all its days are, not covered
 * when none is, partial otherwise.
 */
import { incompleteNote, incompleteSpans, incompleteWithin, inIncomplete, type IncompleteSpan } from "./coverage-incomplete";
import type { Interval } from "./filters";

export const DAY_MS = 86_400_000;

export const BUCKET_STATES = ["covered", "partial", "uncovered"] as const;
export type BucketState = (typeof BUCKET_STATES)[number];
/** A bucket's coverage in the words tables, CSV and PDF use. */
export const BUCKET_STATE_WORDS: Record<BucketState, string> = { covered: "synced", partial: "partly synced", uncovered: "not synced" };
/** The whole range: every day covered, some, or none. */
export const RANGE_STATES = ["complete", "partial", "none"] as const;
export type RangeState = (typeof RANGE_STATES)[number];

/** What the sync holds of one source (one sync_state row), as the coverage rule reads it. */
export interface SourceSpan {
  /** sync_state.report */
  key: string;
  label: string;
  /** Everything from here on is read (ms); null before the first window is done. */
  coveredFrom: number | null;
  /** Read up to here (ms): the source's "data as of". */
  coveredTo: number | null;
  /** The history is read back as far as the sync goes. */
  backfillDone: boolean;
  /**
   * Only a freshness, no span (the invitees' milestones: re-read in full every
   * 15 minutes, so they may be older than the registrations' coveredTo).
   */
  asOfOnly?: boolean;
  /** Windows read whose rows did not add up (lib/sync/incomplete.ts): their days are not held. */
  incomplete?: ReadonlyArray<{ startTime: number; endTime: number }>;
}

export interface CoverageSource {
  source: string;
  label: string;
  /** First UTC day the source holds (YYYY-MM-DD), null when nothing is synced. */
  from: string | null;
  asOf: number | null;
  backfillDone: boolean;
}

export interface Coverage {
  state: RangeState;
  /** First UTC day every source holds, null when some source holds nothing yet. */
  historyFrom: string | null;
  /** Last UTC day every source holds (the day of the oldest "as of"). */
  historyTo: string | null;
  /** Some source is still reading its history backwards (the first backfill). */
  loading: boolean;
  /** UTC days of the range the warehouse holds, and the range's days. */
  coveredDays: number;
  rangeDays: number;
  buckets: Array<{ bucket: string; state: BucketState }>;
  sources: CoverageSource[];
  /** The oldest "as of" of the sources (every figure of the report is at least this fresh). */
  asOf: number | null;
  /** The coverage in words ("" when complete and nothing is loading): pages, charts, CSV and PDF say the same. */
  note: string;
  /** Days of the sources whose rows did not add up, in or out of the range (absent when none). */
  incomplete?: IncompleteSpan[];
}

export interface CoverageInput {
  range: { startTime: number; endTime: number };
  interval: Interval;
  tz: string;
  sources: readonly SourceSpan[];
}

export const utcDayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The UTC days every source holds, as [first day start, last day start], or null when some source holds nothing. */
export function heldDays(sources: readonly SourceSpan[]): { first: number; last: number } | null {
  let first = -Infinity;
  let last = Infinity;
  for (const s of sources) {
    if (s.asOfOnly) continue;
    if (s.coveredFrom === null || s.coveredTo === null) return null;
    // A window start is a day start; a later instant leaves its day incomplete, so the next day is the first whole one.
    first = Math.max(first, Math.ceil(s.coveredFrom / DAY_MS) * DAY_MS);
    last = Math.min(last, utcDayOf(s.coveredTo));
  }
  if (first === -Infinity || last === Infinity || first > last) return null;
  return { first, last };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) holding an instant in a time zone. */
export function localDay(ms: number, tz: string): string {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(tz, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const dayMs = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

/** The first day of the bucket holding a calendar day, as PostgreSQL's date_trunc does (weeks start on Monday). */
export function truncateDay(isoDate: string, interval: Interval): string {
  if (interval === "day") return isoDate;
  if (interval === "month") return `${isoDate.slice(0, 7)}-01`;
  const ms = dayMs(isoDate);
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return isoDay(ms - sinceMonday * DAY_MS);
}

function nextBucket(bucket: string, interval: Interval): string {
  const ms = dayMs(bucket);
  if (interval === "day") return isoDay(ms + DAY_MS);
  if (interval === "week") return isoDay(ms + 7 * DAY_MS);
  const d = new Date(ms);
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** Every bucket of the range, as lib/reports/sql.ts bucketsOf lists them (generate_series over the zone's calendar). */
export function bucketKeys(range: CoverageInput["range"], interval: Interval, tz: string): string[] {
  const last = truncateDay(localDay(range.endTime, tz), interval);
  const out: string[] = [];
  for (let b = truncateDay(localDay(range.startTime, tz), interval); b <= last; b = nextBucket(b, interval)) out.push(b);
  return out;
}

/** `rowsIncomplete`: days read whose rows did not add up — not held, but not empty either, so at least partial. */
function stateOf(covered: number, total: number, rowsIncomplete = 0): BucketState {
  if (covered === total) return "covered";
  return covered === 0 && rowsIncomplete === 0 ? "uncovered" : "partial";
}

/** The coverage of a range: per bucket, for the whole range, and in words. */
export function coverageOf(input: CoverageInput): Coverage {
  const { range, interval, tz, sources } = input;
  const held = heldDays(sources);
  const firstDay = utcDayOf(range.startTime);
  const lastDay = utcDayOf(range.endTime);
  const incomplete = incompleteSpans(sources);
  const inHistory = (day: number) => held !== null && day >= held.first && day <= held.last;
  const isIncomplete = (day: number) => inHistory(day) && inIncomplete(incomplete, isoDay(day));
  const isHeld = (day: number) => inHistory(day) && !isIncomplete(day);

  // Each UTC day of the range goes to the bucket holding its first instant in the zone, as the reports' SQL puts it.
  const perBucket = new Map<string, { covered: number; total: number; incomplete: number }>();
  let coveredDays = 0;
  let incompleteDays = 0;
  let rangeDays = 0;
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    const key = truncateDay(localDay(day, tz), interval);
    const b = perBucket.get(key) ?? { covered: 0, total: 0, incomplete: 0 };
    b.total += 1;
    rangeDays += 1;
    if (isHeld(day)) {
      b.covered += 1;
      coveredDays += 1;
    } else if (isIncomplete(day)) {
      b.incomplete += 1;
      incompleteDays += 1;
    }
    perBucket.set(key, b);
  }
  const keys = bucketKeys(range, interval, tz);
  const buckets = keys.map((bucket, i) => {
    const b = perBucket.get(bucket);
    if (b) return { bucket, state: stateOf(b.covered, b.total, b.incomplete) };
    // A bucket no day of the range starts in (an edge of a zone behind UTC): like the range's nearest day.
    const edgeDay = i === 0 ? firstDay : lastDay;
    return { bucket, state: isHeld(edgeDay) ? ("covered" as const) : ("uncovered" as const) };
  });

  const spans = sources.filter((s) => !s.asOfOnly);
  const asOfs = sources.map((s) => s.coveredTo);
  const asOf = asOfs.length === 0 || asOfs.some((t) => t === null) ? null : Math.min(...(asOfs as number[]));
  const coverage: Coverage = {
    state: coveredDays === rangeDays ? "complete" : coveredDays + incompleteDays === 0 ? "none" : "partial",
    historyFrom: held ? isoDay(held.first) : null,
    historyTo: held ? isoDay(held.last) : null,
    loading: spans.some((s) => !s.backfillDone),
    coveredDays,
    rangeDays,
    buckets,
    sources: sources.map((s) => ({
      source: s.key,
      label: s.label,
      from: s.asOfOnly || s.coveredFrom === null ? null : isoDay(Math.ceil(s.coveredFrom / DAY_MS) * DAY_MS),
      asOf: s.coveredTo,
      backfillDone: s.backfillDone,
    })),
    asOf,
    note: "",
  };
  const days = { from: isoDay(firstDay), to: isoDay(lastDay) };
  coverage.note = [coverageNote(coverage, days), incompleteNote(incomplete, days)].filter(Boolean).join(" ");
  if (incomplete.length > 0) coverage.incomplete = incomplete;
  return coverage;
}

/** A length of days in words: days up to two weeks, weeks up to two months, then months. */
export function spanInWords(days: number): string {
  if (days < 14) return days === 1 ? "1 day" : `${days} days`;
  if (days < 60) return `${Math.round(days / 7)} weeks`;
  const months = Math.max(2, Math.round(days / 30.44));
  return `${months} months`;
}

/** The coverage in one sentence; "" when the range is complete and no history is loading into it. */
export function coverageNote(c: Pick<Coverage, "state" | "historyFrom" | "historyTo" | "loading" | "coveredDays" | "rangeDays">, range: { from: string; to: string }): string {
  if (c.state === "complete") return "";
  if (c.historyFrom === null || c.historyTo === null) {
    return c.loading ? "Still loading history: nothing of this period is synced yet, so nothing is shown as zero." : "Not synced: the warehouse holds nothing of this period yet.";
  }
  const before = c.historyFrom > range.from;
  const after = c.historyTo < range.to;
  // Within the history held, days are missing only where rows did not add up: the incomplete note says which.
  if (!before && !after) return "";
  if (c.state === "none") {
    return `Not synced: this period lies outside the history the warehouse holds (${c.historyFrom} → ${c.historyTo})${c.loading ? ", and older history is still loading" : ""}.`;
  }
  const held = `${before ? c.historyFrom : range.from} → ${after ? c.historyTo : range.to}`;
  if (c.loading && before) {
    return `Still loading history: ${spanInWords(c.coveredDays)} of ${spanInWords(c.rangeDays)} synced so far (history from ${c.historyFrom}); totals cover ${held} only.`;
  }
  const edge = [before ? `history from ${c.historyFrom}` : null, after ? `synced up to ${c.historyTo}` : null].filter(Boolean).join(", ");
  return `Partial: ${edge}; days outside it are not synced, so totals cover ${held} only.`;
}

/**
 * Whether the warehouse holds a whole comparison period (the Overview's previous
 * period and year-ago figures): null when it does, else the reason in a few words.
 */
export function periodGap(c: Pick<Coverage, "historyFrom" | "historyTo" | "incomplete">, period: { start: number; end: number }): string | null {
  if (c.historyFrom === null || c.historyTo === null) return "not synced yet";
  if (isoDay(period.start) < c.historyFrom) return `history starts ${c.historyFrom}`;
  if (isoDay(period.end) > c.historyTo) return `synced up to ${c.historyTo}`;
  const hole = incompleteWithin(c.incomplete, isoDay(period.start), isoDay(period.end));
  return hole ? `${hole.from} → ${hole.to} incomplete` : null;
}

/** A chart's values per bucket with the buckets the warehouse does not hold as null (a gap), never as zero. */
export function withGaps<T extends { bucket: string }>(points: readonly T[], coverage: Pick<Coverage, "buckets"> | undefined, value: (point: T) => number): Array<number | null> {
  const uncovered = new Set((coverage?.buckets ?? []).filter((b) => b.state === "uncovered").map((b) => b.bucket));
  return points.map((p) => (uncovered.has(p.bucket) ? null : value(p)));
}

/** The period of a resolved range's days (inclusive, whole UTC days), for the comparison rules. */
export function periodOfDays(range: { from: string; to: string }): { start: number; end: number } {
  return { start: Date.parse(`${range.from}T00:00:00Z`), end: Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - 1 };
}

/**
 * Where the warehouse's history starts for every report of a connection (the
 * date picker's hint), from the sync status: the first UTC day all of them
 * hold, and whether some are still loading older days. Null: nothing synced yet.
 */
export function historyStartOf(reports: ReadonlyArray<{ coveredFrom: number | null; backfillDone: boolean }>): { from: string; loading: boolean } | null {
  if (reports.length === 0 || reports.some((r) => r.coveredFrom === null)) return null;
  const from = Math.max(...reports.map((r) => Math.ceil((r.coveredFrom as number) / DAY_MS) * DAY_MS));
  return { from: isoDay(from), loading: reports.some((r) => !r.backfillDone) };
}
