/**
 * The periods of an answer in words, as the pages, CSV notes and docs say them:
 * "1–26 Nov 2026 compared with 1–26 Oct 2026", and the partial-day rule with
 * the days it leaves. Pure and browser-safe; UTC days, as the periods are.
 */
import { comparedDays, COMPARE_LABELS, PARTIAL_DAY_RULE, type CompareChoice, type DayStretch, type ReportPeriods } from "./periods";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function parts(iso: string) {
  return { y: iso.slice(0, 4), m: MONTHS[Number(iso.slice(5, 7)) - 1]!, d: String(Number(iso.slice(8, 10))) };
}

/** A day in words: "26 Nov 2026". */
export function dayInWords(iso: string): string {
  const p = parts(iso);
  return `${p.d} ${p.m} ${p.y}`;
}

/** A stretch of days in words, saying the month and year once where they are shared: "1–26 Nov 2026", "1 Oct – 31 Dec 2026". */
export function stretchInWords(s: DayStretch): string {
  if (s.from === s.to) return dayInWords(s.from);
  const a = parts(s.from);
  const b = parts(s.to);
  if (a.y !== b.y) return `${dayInWords(s.from)} – ${dayInWords(s.to)}`;
  if (a.m !== b.m) return `${a.d} ${a.m} – ${b.d} ${b.m} ${b.y}`;
  return `${a.d}–${b.d} ${b.m} ${b.y}`;
}

/** What the page compares, in one sentence: "1–26 Nov 2026 compared with 1–26 Oct 2026 (previous period)." */
export function periodsInWords(p: ReportPeriods, compare: CompareChoice): string {
  return `${stretchInWords(p.current)} compared with ${stretchInWords(p[compare])} (${COMPARE_LABELS[compare].toLowerCase()}).`;
}

/** The partial-day rule for these periods, or "" when every day is whole. */
export function partialDayInWords(p: ReportPeriods, compare: CompareChoice): string {
  if (p.partialDay === null) return "";
  const days = comparedDays(p);
  const earlier = days[compare];
  const which = days.current && earlier ? `${stretchInWords(days.current)} with ${stretchInWords(earlier)}` : "none yet: today is the period's only day";
  return `${PARTIAL_DAY_RULE} Today is ${dayInWords(p.partialDay)}; compared here: ${which}.`;
}
