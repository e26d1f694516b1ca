/**
 * The global date range, kept in the URL so every view is shareable:
 *
 *   ?range=7d|30d|90d|mtd|qtd|ytd|12m|lastmonth|lastquarter|all
 *                                                a preset, resolved at request time
 *   ?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD  inclusive calendar days, UTC
 *
 * No parameter means the default (30d). Anything unreadable falls back to the
 * default and says why (`issue`), so a bad link still opens a working page.
 * Pure: "now" is always an argument, never read at import time.
 */
import { clipValue, issueSentence, type ParamIssue } from "./param-issues";
import { readParam as read, type SearchParamsLike } from "./params";

export type { SearchParamsLike } from "./params";

export const RANGE_PRESETS = ["7d", "30d", "90d", "mtd", "qtd", "ytd", "12m", "lastmonth", "lastquarter", "all"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE: RangePreset = "30d";

/** Longest custom range: three years of calendar days (one of them a leap year). */
export const MAX_CUSTOM_DAYS = 3 * 365 + 1;

export const PRESET_LABELS: Record<RangePreset, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  mtd: "Month to date",
  qtd: "Quarter to date",
  ytd: "Year to date",
  "12m": "Last 12 months",
  lastmonth: "Last month",
  lastquarter: "Last quarter",
  all: "All time",
};

/** Short labels for compact controls. */
export const PRESET_SHORT_LABELS: Record<RangePreset, string> = {
  "7d": "7D",
  "30d": "30D",
  "90d": "90D",
  mtd: "MTD",
  qtd: "QTD",
  ytd: "YTD",
  "12m": "12M",
  lastmonth: "Last month",
  lastquarter: "Last qtr",
  all: "All",
};

/**
 * Presets that are calendar stretches (their previous period is the same stretch of the month or quarter before,
 * lib/reports/periods.ts); the others roll by a number of days. "all" rolls: nothing before it is held anyway.
 */
export const CALENDAR_PRESET_LIST = ["mtd", "qtd", "ytd", "lastmonth", "lastquarter"] as const;
export type CalendarPreset = (typeof CALENDAR_PRESET_LIST)[number];
export const CALENDAR_PRESETS: ReadonlySet<RangePreset> = new Set<RangePreset>(CALENDAR_PRESET_LIST);
export const isCalendarPreset = (range: string): range is CalendarPreset => (CALENDAR_PRESET_LIST as readonly string[]).includes(range);

/**
 * Where "all" starts when the warehouse's first day is not known to the caller (a page header, the browser): the
 * longest custom range back. The report pipeline (lib/reports/run.ts) resolves it from the warehouse's first day.
 */
export const ALL_TIME_DAYS = MAX_CUSTOM_DAYS;

/**
 * A preset, or a custom run of days. `calendar` (never read from a URL): the calendar preset a custom range's fixed
 * days came from — a share link with fixed dates made from "Last month" — so its previous period is still the same
 * calendar stretch before it (lib/reports/periods.ts), not the same number of days.
 */
export type DateRangeState = { range: RangePreset } | { range: "custom"; from: string; to: string; calendar?: CalendarPreset };

export type ResolvedDateRange = {
  state: DateRangeState;
  /** Inclusive start, ms since the epoch (00:00:00.000 UTC of the first day). */
  startTime: number;
  /** Inclusive end, ms since the epoch: now for ranges reaching today, else 23:59:59.999 UTC of the last day. */
  endTime: number;
  /** First and last calendar day, YYYY-MM-DD (UTC): stable within a day, good for cache keys. */
  from: string;
  to: string;
  label: string;
};

export type DateRangeParseResult = { state: DateRangeState; issue?: string; paramIssue?: ParamIssue };

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at 00:00 UTC of a YYYY-MM-DD day, or null when it is not a real calendar day. */
export function parseIsoDay(value: string): number | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1970 || year > 9999) return null;
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms;
}

export function formatIsoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * The first problem of a custom range, or null. Plain checks rather than a zod schema: every
 * rule is a calendar computation of our own, and this module runs in the header of every page,
 * where zod would add ~23 kB (gzip) to each page's first load (`npm run bench:pages`).
 */
function customRangeProblem(fromText: string, toText: string, now: Date): { field: "from" | "to"; message: string; sentence: string } | null {
  const notADay = "is not a calendar day (YYYY-MM-DD)";
  const from = parseIsoDay(fromText);
  if (from === null) return { field: "from", message: notADay, sentence: `Start date ${notADay}` };
  const to = parseIsoDay(toText);
  if (to === null) return { field: "to", message: notADay, sentence: `End date ${notADay}` };
  if (from > to) return { field: "from", message: `is after the end date (to ${toText})`, sentence: "The start date is after the end date" };
  if ((to - from) / DAY_MS + 1 > MAX_CUSTOM_DAYS) {
    return { field: "to", message: `is more than ${MAX_CUSTOM_DAYS} days after the start (a custom range spans at most ${MAX_CUSTOM_DAYS} days)`, sentence: `A custom range spans at most ${MAX_CUSTOM_DAYS} days` };
  }
  if (from > startOfUtcDay(now.getTime())) return { field: "from", message: "is in the future", sentence: "The start date is in the future" };
  return null;
}

const isPreset = (value: string): value is RangePreset => (RANGE_PRESETS as readonly string[]).includes(value);

const DEFAULT_WORDS = PRESET_LABELS[DEFAULT_RANGE];
const NO_RANGE = { range: undefined, from: undefined, to: undefined } as const;

function rangeIssue(param: string, value: string, problem: string, usedInstead: string, fix: ParamIssue["fix"]): ParamIssue {
  return { param, value: clipValue(value), problem, usedInstead, fix };
}

/**
 * Reads the range from search parameters. Never throws: no `range` is the
 * default; an unusable one is the default plus an issue naming the parameter
 * (`paramIssue`, and `issue`: its sentence). `from`/`to` without `range=custom`
 * are read as the custom range they name (the URL gains `range=custom`).
 */
export function parseDateRange(params: SearchParamsLike, now: Date = new Date()): DateRangeParseResult {
  const range = read(params, "range")?.trim() ?? "";
  const fromText = read(params, "from");
  const toText = read(params, "to");
  const withIssue = (state: DateRangeState, paramIssue: ParamIssue): DateRangeParseResult => ({ state, issue: issueSentence(paramIssue), paramIssue });

  if (isPreset(range)) {
    if (fromText === undefined && toText === undefined) return { state: { range } };
    const param = fromText !== undefined ? "from" : "to";
    return withIssue({ range }, rangeIssue(param, (fromText ?? toText)!, `applies only with range=custom (the range is ${range})`, PRESET_LABELS[range], { from: undefined, to: undefined }));
  }
  if (range !== "" && range !== "custom") {
    return withIssue({ range: DEFAULT_RANGE }, rangeIssue("range", range, `is not a period we offer (${RANGE_PRESETS.join(", ")} or custom)`, DEFAULT_WORDS, NO_RANGE));
  }
  if (range === "" && fromText === undefined && toText === undefined) return { state: { range: DEFAULT_RANGE } };
  const from = fromText ?? "";
  const to = toText ?? "";
  const problem = customRangeProblem(from, to, now);
  if (problem) {
    const value = problem.field === "from" ? from : to;
    return withIssue({ range: DEFAULT_RANGE }, rangeIssue(problem.field, value, problem.message, DEFAULT_WORDS, NO_RANGE));
  }
  if (range === "custom") return { state: { range: "custom", from, to } };
  // from and to name a usable range, only `range=custom` is missing: show that range and say so.
  return withIssue({ range: "custom", from, to }, rangeIssue("range", "", "is missing (from and to need range=custom)", `${from} – ${to}`, { range: "custom" }));
}

/** Validates a custom range the picker is about to apply; returns the problem or null. */
export function validateCustomRange(from: string, to: string, now: Date = new Date()): string | null {
  const problem = customRangeProblem(from, to, now);
  return problem ? problem.sentence : null;
}

function addUtcMonthsClamped(dayMs: number, months: number): number {
  const d = new Date(dayMs);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay));
}

/** The first day of a preset, as ms at 00:00 UTC (`historyFrom`: the warehouse's first day, for "all"). */
function presetStart(preset: RangePreset, today: number, historyFrom?: number): number {
  const d = new Date(today);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  switch (preset) {
    case "7d":
      return today - 6 * DAY_MS;
    case "30d":
      return today - 29 * DAY_MS;
    case "90d":
      return today - 89 * DAY_MS;
    case "mtd":
      return Date.UTC(year, month, 1);
    case "qtd":
      return Date.UTC(year, month - (month % 3), 1);
    case "ytd":
      return Date.UTC(year, 0, 1);
    case "12m":
      return addUtcMonthsClamped(today, -12) + DAY_MS;
    case "lastmonth":
      return Date.UTC(year, month - 1, 1);
    case "lastquarter":
      return Date.UTC(year, month - (month % 3) - 3, 1);
    case "all":
      return Math.min(historyFrom ?? today - (ALL_TIME_DAYS - 1) * DAY_MS, today);
  }
}

/** The last day of a preset that ends before today (the last month or quarter), as ms at 00:00 UTC; null: it reaches today. */
function presetLastDay(preset: RangePreset, today: number): number | null {
  const d = new Date(today);
  const month = d.getUTCMonth();
  if (preset === "lastmonth") return Date.UTC(d.getUTCFullYear(), month, 1) - DAY_MS;
  if (preset === "lastquarter") return Date.UTC(d.getUTCFullYear(), month - (month % 3), 1) - DAY_MS;
  return null;
}

/**
 * Turns a range into milliseconds, relative to `now` (request time). Presets
 * count whole UTC days and include today (7d is today and the six days
 * before), except the last month and quarter, which are whole and end before
 * today. `historyFrom` (YYYY-MM-DD): the warehouse's first day, where "all" starts.
 */
export function resolveDateRange(state: DateRangeState, now: Date = new Date(), historyFrom?: string | null): ResolvedDateRange {
  const nowMs = now.getTime();
  const today = startOfUtcDay(nowMs);
  if (state.range === "custom") {
    const from = parseIsoDay(state.from) ?? today;
    const to = parseIsoDay(state.to) ?? today;
    const startTime = Math.min(from, today);
    const endTime = Math.max(startTime, Math.min(to + DAY_MS - 1, nowMs));
    return { state, startTime, endTime, from: formatIsoDay(startTime), to: formatIsoDay(endTime), label: labelDateRange(state) };
  }
  const startTime = presetStart(state.range, today, historyFrom ? (parseIsoDay(historyFrom) ?? undefined) : undefined);
  const lastDay = presetLastDay(state.range, today);
  if (lastDay !== null) return { state, startTime, endTime: lastDay + DAY_MS - 1, from: formatIsoDay(startTime), to: formatIsoDay(lastDay), label: labelDateRange(state) };
  return { state, startTime, endTime: nowMs, from: formatIsoDay(startTime), to: formatIsoDay(today), label: labelDateRange(state) };
}

export function labelDateRange(state: DateRangeState): string {
  return state.range === "custom" ? `${state.from} – ${state.to}` : PRESET_LABELS[state.range];
}

/** Parse then resolve, in one call for pages: `getDateRange(await searchParams)`. */
export function getDateRange(params: SearchParamsLike, now: Date = new Date()): ResolvedDateRange & { issue?: string; paramIssue?: ParamIssue } {
  const { state, issue, paramIssue } = parseDateRange(params, now);
  return { ...resolveDateRange(state, now), ...(issue ? { issue } : {}), ...(paramIssue ? { paramIssue } : {}) };
}

/**
 * Writes a range into a copy of `current`, keeping every other parameter.
 * The default range leaves the URL clean (no `range` at all).
 */
export function withDateRange(current: URLSearchParams | string, state: DateRangeState): URLSearchParams {
  const next = new URLSearchParams(typeof current === "string" ? current : current.toString());
  next.delete("range");
  next.delete("from");
  next.delete("to");
  if (state.range === "custom") {
    next.set("range", "custom");
    next.set("from", state.from);
    next.set("to", state.to);
  } else if (state.range !== DEFAULT_RANGE) {
    next.set("range", state.range);
  }
  return next;
}

export function isSameDateRange(a: DateRangeState, b: DateRangeState): boolean {
  if (a.range !== b.range) return false;
  if (a.range === "custom" && b.range === "custom") return a.from === b.from && a.to === b.to;
  return true;
}
