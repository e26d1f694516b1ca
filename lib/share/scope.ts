/**
 * A share link's scope: the filters of the view it was made from, with the
 * date range resolved to absolute days, locked. Pure, so the rule that decides
 * what a shared page may ask for is one small tested function used by every
 * shared data route (never only by the page).
 *
 * A request stays in scope when every scope parameter it carries equals the
 * locked value; parameters that only page, sort or pick a table pass through;
 * anything else is dropped.
 */
import { z } from "zod";
import { filterFieldSchemas, parseReportFilters, type ReportFilters } from "../reports/filters";
import type { SearchParamsLike } from "../url-state/params";

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
});
export type ShareScope = z.output<typeof shareScopeSchema>;

/** The parameters that define a scope; a request may repeat them only with the locked values. */
const SCOPE_KEYS = ["range", "from", "to", "coin", "product", "source", "uid", "sub", "interval", "tz"] as const;
/**
 * Parameters a shared view may vary: paging, sorting, the directory's search and filters (invite code, KYC, status,
 * source, dormancy window, sign-up period: each only narrows the list, none widens the locked scope), the exported table.
 */
const FREE_KEYS = ["page", "pageSize", "sort", "dir", "q", "code", "kyc", "status", "via", "registeredFrom", "registeredTo", "dormantDays", "table"] as const;

export function scopeFromFilters(f: ReportFilters): ShareScope {
  const scope: ShareScope = { from: f.range.from, to: f.range.to, interval: f.interval, tz: f.tz };
  if (f.coin) scope.coin = f.coin;
  if (f.product) scope.product = f.product;
  if (f.source) scope.source = f.source;
  if (f.uid) scope.uid = f.uid;
  if (f.sub) scope.sub = f.sub;
  return scope;
}

/** The scope as the query parameters of the app's views (a custom range of the locked days). */
export function scopeParams(scope: ShareScope): URLSearchParams {
  const p = new URLSearchParams({ range: "custom", from: scope.from, to: scope.to });
  for (const key of ["coin", "product", "source", "uid", "sub"] as const) {
    const value = scope[key];
    if (value) p.set(key, value);
  }
  if (scope.interval !== "day") p.set("interval", scope.interval);
  if (scope.tz !== "UTC") p.set("tz", scope.tz);
  return p;
}

export type ScopeCheck = { ok: true; params: URLSearchParams } | { ok: false; reason: string };

/**
 * Checks a shared page's request against the locked scope. In scope: the
 * locked parameters plus the request's free ones. Out of scope: any scope
 * parameter with another value (a wider range, another coin, another invitee…)
 * or given twice; `search: false` also refuses the roster search (redacted links).
 */
export function checkScope(scope: ShareScope, request: URLSearchParams, options: { search?: boolean } = {}): ScopeCheck {
  const locked = scopeParams(scope);
  for (const key of SCOPE_KEYS) {
    const values = request.getAll(key);
    if (values.length > 1) return { ok: false, reason: `${key} given more than once` };
    const value = values[0];
    if (value === undefined || value === "") continue;
    const allowed = locked.get(key) ?? (key === "interval" ? "day" : key === "tz" ? "UTC" : undefined);
    if (value !== allowed) return { ok: false, reason: `${key} is outside this link's scope` };
  }
  const params = new URLSearchParams(locked);
  for (const key of FREE_KEYS) {
    const values = request.getAll(key);
    if (values.length > 1) return { ok: false, reason: `${key} given more than once` };
    const value = values[0];
    if (value === undefined || value === "") continue;
    if (key === "q" && options.search === false) return { ok: false, reason: "search is not available on this link" };
    params.set(key, value);
  }
  return { ok: true, params };
}

/** The report filters of a checked request: exactly the locked ones. */
export function filtersOf(params: SearchParamsLike, now: Date = new Date()): ReportFilters {
  return parseReportFilters(params, now);
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
