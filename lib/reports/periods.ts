/**
 * The periods a report compares, one definition for every page, answer, share
 * link, digest and alert. Warehouse figures have a UTC-day grain (commission
 * and trade-and-asset rows are per day), so a period is a run of whole UTC days.
 *
 * - The previous period of a calendar preset (month, quarter or year to date,
 *   last month, last quarter) is the same calendar stretch before it: MTD on
 *   26 Nov is 1–26 Nov against 1–26 Oct, clamped to the earlier month's length
 *   (MTD on 31 Mar against 1–28/29 Feb); last month against the whole month
 *   before; last quarter against the whole quarter before.
 * - The previous period of a rolling range (7, 30, 90 days, 12 months, a custom
 *   range, all time) is the same number of days right before it.
 * - A year ago is the same calendar days a year earlier (29 Feb → 28 Feb).
 * - Today is partial: a range reaching it holds only its first hours. So every
 *   change leaves today out, and with it the last day of each earlier period
 *   (`comparedDays`): 1–25 Nov against 1–25 Oct, never 11 hours against a whole day.
 * Pure and browser-safe.
 */
import { CALENDAR_PRESETS, type DateRangeState, type RangePreset } from "../url-state/date-range";

const DAY_MS = 86_400_000;

/** An inclusive time range, ms since the epoch. */
export interface Period {
  start: number;
  end: number;
}

/** An inclusive run of UTC days, YYYY-MM-DD. */
export interface DayStretch {
  from: string;
  to: string;
}

/** The periods of a report answer (its `periods`). */
export interface ReportPeriods {
  current: DayStretch;
  previous: DayStretch;
  yearAgo: DayStretch;
  /** Today, when the current period reaches it and it is not over: partial, left out of every change. */
  partialDay: string | null;
}

/** What a change compares: the same three periods over whole days only; null where no whole day is left (today alone). */
export interface ComparedDays {
  current: DayStretch | null;
  previous: DayStretch | null;
  yearAgo: DayStretch | null;
}

/** The compare choice of the URL (`compare=`): which earlier period the page's comparisons are against. */
export const COMPARE_CHOICES = ["previous", "yearAgo"] as const;
export type CompareChoice = (typeof COMPARE_CHOICES)[number];
export const DEFAULT_COMPARE: CompareChoice = "previous";
export const COMPARE_LABELS: Record<CompareChoice, string> = { previous: "Previous period", yearAgo: "Same days a year earlier" };
/** The same choice inside a sentence: "Commission per period vs the previous period". */
export const COMPARE_IN_WORDS: Record<CompareChoice, string> = { previous: "the previous period", yearAgo: "the same days a year earlier" };

/** The partial-day rule in one sentence, as the pages and docs/periods.md say it. */
export const PARTIAL_DAY_RULE = "Today is partial, so changes leave it out: they compare whole days only, ending yesterday in both periods.";

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same day `months` months earlier or later, clamped to that month's length (31 Mar − 1 month = 28/29 Feb). */
export function shiftMonthsClamped(dayStart: number, months: number): number {
  const d = new Date(dayStart);
  const target = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), target + 1, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear(), target, Math.min(d.getUTCDate(), lastDay));
}

/** How many UTC calendar days the period touches (a range ending now counts today). */
export function daysInPeriod(p: Period): number {
  return Math.round((startOfUtcDay(p.end) - startOfUtcDay(p.start)) / DAY_MS) + 1;
}

/** The same number of whole UTC days immediately before the period's first day: the rolling rule. */
export function previousPeriod(p: Period): Period {
  const firstDay = startOfUtcDay(p.start);
  return { start: firstDay - daysInPeriod(p) * DAY_MS, end: firstDay - 1 };
}

/** The same calendar days a year earlier, at the same time of day (29 February maps to 28 February). */
export function yearAgoPeriod(p: Period): Period {
  const back = (ms: number) => shiftMonthsClamped(startOfUtcDay(ms), -12) + (ms - startOfUtcDay(ms));
  return { start: back(p.start), end: back(p.end) };
}

/** Months a calendar preset steps back for its previous period. */
const CALENDAR_STEP: Partial<Record<RangePreset, number>> = { mtd: 1, lastmonth: 1, qtd: 3, lastquarter: 3, ytd: 12 };
/** Calendar presets that are whole months or quarters: the previous one is whole too, ending the day before. */
const WHOLE = new Set<RangePreset>(["lastmonth", "lastquarter"]);

/** The previous period of a resolved range, by its preset's rule (module comment). */
export function previousOf(range: { state: DateRangeState; startTime: number; endTime: number }): Period {
  // A custom range whose fixed days came from a calendar preset (a fixed share link) keeps that preset's rule.
  const preset = range.state.range === "custom" ? (range.state.calendar ?? "custom") : range.state.range;
  if (preset === "custom" || !CALENDAR_PRESETS.has(preset)) return previousPeriod({ start: range.startTime, end: range.endTime });
  const step = CALENDAR_STEP[preset]!;
  const first = startOfUtcDay(range.startTime);
  const start = shiftMonthsClamped(first, -step);
  const lastDay = WHOLE.has(preset) ? first - DAY_MS : Math.min(shiftMonthsClamped(startOfUtcDay(range.endTime), -step), first - DAY_MS);
  return { start, end: lastDay + DAY_MS - 1 };
}

const stretchOf = (p: Period): DayStretch => ({ from: isoDay(p.start), to: isoDay(p.end) });

/** Every period of a resolved range, in UTC days. `endTime` short of its day's end means that day is today and partial. */
export function periodsOf(range: { state: DateRangeState; startTime: number; endTime: number }): ReportPeriods {
  const current = { start: range.startTime, end: range.endTime };
  const partial = (range.endTime + 1) % DAY_MS !== 0;
  return {
    current: stretchOf(current),
    previous: stretchOf(previousOf(range)),
    yearAgo: stretchOf(yearAgoPeriod(current)),
    partialDay: partial ? isoDay(range.endTime) : null,
  };
}

/** A stretch without its last day (null when nothing is left). */
function withoutLastDay(s: DayStretch): DayStretch | null {
  if (s.from === s.to) return null;
  return { from: s.from, to: isoDay(dayMs(s.to) - DAY_MS) };
}

/** The days a change compares (the partial-day rule): all of them, or, when today is partial, each period without its last day. */
export function comparedDays(p: ReportPeriods): ComparedDays {
  if (p.partialDay === null) return { current: p.current, previous: p.previous, yearAgo: p.yearAgo };
  return { current: withoutLastDay(p.current), previous: withoutLastDay(p.previous), yearAgo: withoutLastDay(p.yearAgo) };
}

/** A stretch of days as an inclusive time range (00:00 of the first day to the last millisecond of the last). */
export function periodOfStretch(s: DayStretch): Period {
  return { start: dayMs(s.from), end: dayMs(s.to) + DAY_MS - 1 };
}
