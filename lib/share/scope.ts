/**
 * A share link's scope: the filters of the view it was made from, locked. Its
 * dates are either fixed (the view's range resolved to absolute days at
 * creation) or rolling: the last N days, resolved again on every request from
 * "now" (lib/share/rolling.ts says what a day is). Pure, so the rule that decides
 * what a shared page may ask for is one small tested function used by every
 * shared data route (never only by the page).
 *
 * A request stays in scope when every scope parameter it carries equals the
 * locked value; parameters that only page, sort or pick a table pass through;
 * anything else is dropped.
 */
import { z } from "zod";
import { filterFieldSchemas, parseReportFilters, type ReportFilters } from "../reports/filters";
import { COMPARE_CHOICES, DEFAULT_COMPARE } from "../reports/periods";
import { describeScope } from "../reports/scope-label";
import { isTeamSort } from "../invitee-work/types";
import { CALENDAR_PRESET_LIST, isCalendarPreset, MAX_CUSTOM_DAYS, PRESET_LABELS, resolveDateRange } from "../url-state/date-range";
import type { SearchParamsLike } from "../url-state/params";
import { daysBetween, rollingDays, type ShareDates } from "./rolling";

export const shareScopeSchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  coin: filterFieldSchemas.coin.optional(),
  product: filterFieldSchemas.product.optional(),
  source: filterFieldSchemas.source.optional(),
  uid: filterFieldSchemas.uid.optional(),
  sub: filterFieldSchemas.sub.optional(),
  interval: filterFieldSchemas.interval,
  // Not the time-zone check: a stored scope stays readable even if the runtime drops a zone name.
  tz: z.string().max(64),
  /**
   * Set: a rolling link showing the last `rollingDays` days up to the request's now (`from`/`to` are then the
   * days of its creation, for the record). Absent (every link made before rolling links existed): fixed dates.
   */
  rollingDays: z.number().int().min(1).max(MAX_CUSTOM_DAYS).optional(),
  /**
   * The page's compare choice (lib/reports/periods.ts) when it is not the default: a link made from a view compared
   * with the same days a year earlier shows that comparison too. Absent (the default, and every older link): previous.
   */
  compare: z.enum(COMPARE_CHOICES).optional(),
  /**
   * The calendar preset the view's range was (month to date, last month…), absent for rolling ranges and custom
   * days. Fixed dates keep that preset's previous period (1–26 Oct for 1–26 Nov, September for October); rolling
   * dates resolve the preset again on every request (month to date of the day it is opened).
   */
  calendar: z.enum(CALENDAR_PRESET_LIST).optional(),
});
export type ShareScope = z.output<typeof shareScopeSchema>;

/** The parameters that define a scope; a request may repeat them only with the locked values. */
const SCOPE_KEYS = ["range", "from", "to", "coin", "product", "source", "uid", "sub", "interval", "tz", "compare"] as const;
/** What a scope key is when the scope does not name it: a request may say so explicitly. */
const SCOPE_DEFAULTS: Partial<Record<(typeof SCOPE_KEYS)[number], string>> = { interval: "day", tz: "UTC", compare: DEFAULT_COMPARE };
/**
 * Parameters a shared view may vary: paging, sorting, the directory's search and filters (invite code, KYC, status,
 * source, dormancy window, sign-up period: each only narrows the list, none widens the locked scope), the exported table.
 */
// The directory's tag and follow-up filters (TEAM_FILTER_KEYS of lib/invitee-work/types.ts) and its quality-flag filter
// (`flag`, lib/invitee-flags) are not free keys, and must never be: the team's records and the flags are internal risk
// notes, and a viewer filtering by a tag or a flag would learn who carries it. For the same reason `sort` passes only
// the directory's own columns, never TEAM_SORTS (tags, followUp).
const FREE_KEYS = ["page", "pageSize", "sort", "dir", "q", "code", "kyc", "status", "via", "registeredFrom", "registeredTo", "dormantDays", "table"] as const;

/** `dates: "rolling"` keeps the view's length in days (its range's days, today included) and lets them move on. */
export function scopeFromFilters(f: ReportFilters, dates: ShareDates = "fixed"): ShareScope {
  const scope: ShareScope = { from: f.range.from, to: f.range.to, interval: f.interval, tz: f.tz };
  if (dates === "rolling") scope.rollingDays = Math.min(MAX_CUSTOM_DAYS, daysBetween(f.range.from, f.range.to));
  if (f.coin) scope.coin = f.coin;
  if (f.product) scope.product = f.product;
  if (f.source) scope.source = f.source;
  if (f.uid) scope.uid = f.uid;
  if (f.sub) scope.sub = f.sub;
  if (f.compare !== DEFAULT_COMPARE) scope.compare = f.compare;
  const preset = f.range.state.range === "custom" ? f.range.state.calendar : f.range.state.range;
  if (preset !== undefined && isCalendarPreset(preset)) scope.calendar = preset;
  return scope;
}

/** The days a scope covers at `now`: its fixed days, or a rolling scope's last N days then. */
export function daysAt(scope: ShareScope, now: Date): { from: string; to: string } {
  if (scope.rollingDays === undefined) return { from: scope.from, to: scope.to };
  if (scope.calendar === undefined) return rollingDays(scope.rollingDays, scope.tz, now);
  const { from, to } = resolveDateRange({ range: scope.calendar }, now);
  return { from, to };
}

/** The scope as the query parameters of the app's views at `now` (a custom range of the locked or rolling days). */
export function scopeParams(scope: ShareScope, now: Date = new Date()): URLSearchParams {
  const { from, to } = daysAt(scope, now);
  // A rolling calendar link is its preset, resolved at `now` like the app's own view (today partial included).
  const p = scope.rollingDays !== undefined && scope.calendar !== undefined ? new URLSearchParams({ range: scope.calendar }) : new URLSearchParams({ range: "custom", from, to });
  for (const key of ["coin", "product", "source", "uid", "sub"] as const) {
    const value = scope[key];
    if (value) p.set(key, value);
  }
  if (scope.interval !== "day") p.set("interval", scope.interval);
  if (scope.tz !== "UTC") p.set("tz", scope.tz);
  if (scope.compare && scope.compare !== DEFAULT_COMPARE) p.set("compare", scope.compare);
  return p;
}

export type ScopeCheck = { ok: true; params: URLSearchParams } | { ok: false; reason: string };

/**
 * Checks a shared page's request against the locked scope. In scope: the
 * locked parameters plus the request's free ones. Out of scope: any scope
 * parameter with another value (a wider range, another coin, another invitee…)
 * or given twice; `search: false` also refuses the roster search (redacted links).
 * A rolling scope is resolved at `now` (the request's time): its days move on, never wider.
 */
export function checkScope(scope: ShareScope, request: URLSearchParams, options: { search?: boolean; now?: Date } = {}): ScopeCheck {
  const locked = scopeParams(scope, options.now);
  for (const key of SCOPE_KEYS) {
    const values = request.getAll(key);
    if (values.length > 1) return { ok: false, reason: `${key} given more than once` };
    const value = values[0];
    if (value === undefined || value === "") continue;
    const allowed = locked.get(key) ?? SCOPE_DEFAULTS[key];
    if (value !== allowed) return { ok: false, reason: `${key} is outside this link's scope` };
  }
  const params = new URLSearchParams(locked);
  for (const key of FREE_KEYS) {
    const values = request.getAll(key);
    if (values.length > 1) return { ok: false, reason: `${key} given more than once` };
    const value = values[0];
    if (value === undefined || value === "") continue;
    if (key === "q" && options.search === false) return { ok: false, reason: "search is not available on this link" };
    // An order by the team's tags or follow-ups is dropped like any key not free: it would rank who carries them.
    if (key === "sort" && isTeamSort(value)) continue;
    params.set(key, value);
  }
  return { ok: true, params };
}

/**
 * The report filters of a checked request: exactly the locked ones. A fixed link made from a calendar preset reads
 * its fixed days with that preset's previous period (`calendar` of a custom range, lib/reports/periods.ts).
 */
export function filtersOf(params: SearchParamsLike, now: Date = new Date(), scope?: Pick<ShareScope, "calendar">): ReportFilters {
  const filters = parseReportFilters(params, now);
  const { state } = filters.range;
  if (scope?.calendar === undefined || state.range !== "custom") return filters;
  return { ...filters, range: { ...filters.range, state: { ...state, calendar: scope.calendar } } };
}

/** The free (non-scope) part of a checked request, normalised: the key of a snapshot response. */
export function freeKey(params: URLSearchParams): string {
  const free = new URLSearchParams();
  for (const key of FREE_KEYS) {
    const value = params.get(key);
    if (value !== null && key !== "table") free.set(key, value);
  }
  return free.toString();
}

/**
 * The scope in words at `now`, for the shared page's header and the Reports page's list: a rolling link
 * says so and names the days it shows now ("Last 30 days, rolling (now 2026-10-26 – 2026-11-24) · USDT · UTC days").
 */
export function describeShareScope(scope: ShareScope, now: Date, options: Parameters<typeof describeScope>[1] = {}): string {
  const text = describeScope({ ...scope, ...daysAt(scope, now) }, options);
  if (scope.rollingDays === undefined) return text;
  const what = scope.calendar !== undefined ? PRESET_LABELS[scope.calendar] : `Last ${scope.rollingDays === 1 ? "day" : `${scope.rollingDays} days`}`;
  return `${what}, rolling (now ${text})`;
}
