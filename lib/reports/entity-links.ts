/**
 * Where a figure's people live: the app's page of one invitee, one
 * sub-affiliate and one invite code (the invitee directory filtered by it), each
 * keeping the view's filters (range, coin, product, source, interval, time zone)
 * so following a figure shows the same period. One place builds these links, so
 * every table, top list and card links alike. Browser-safe and pure.
 */
import type { SearchParamsLike } from "../url-state/params";
import { readParam } from "../url-state/params";

/** The view parameters a followed link keeps; paging, sorting and searching belong to the page left behind. */
export const KEPT_PARAMS = ["range", "from", "to", "coin", "product", "source", "interval", "tz"] as const;

function keptQuery(current: SearchParamsLike | undefined, extra: Readonly<Record<string, string>> = {}): string {
  const next = new URLSearchParams();
  if (current) {
    for (const name of KEPT_PARAMS) {
      const value = readParam(current, name);
      if (value !== undefined && value !== "") next.set(name, value);
    }
  }
  for (const [name, value] of Object.entries(extra)) next.set(name, value);
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** /invitees/<uid>: one invitee's page. */
export const inviteeHref = (uid: string, current?: SearchParamsLike): string => `/invitees/${encodeURIComponent(uid)}${keptQuery(current)}`;

/** /sub-affiliates/<uid>: one sub-affiliate's page. */
export const subAffiliateHref = (uid: string, current?: SearchParamsLike): string => `/sub-affiliates/${encodeURIComponent(uid)}${keptQuery(current)}`;

/** The invitee directory filtered by one invite code. */
export const inviteCodeHref = (code: string, current?: SearchParamsLike): string => `/invitees${keptQuery(current, { code })}`;

/** A report page, keeping the view's filters (Overview cards link to the page that explains them). */
export const reportHref = (path: string, current?: SearchParamsLike): string => `${path}${keptQuery(current)}`;

/**
 * The invitee directory filtered to a retention cohort's sign-ups: its UTC month
 * (YYYY-MM) cut to the view's range (YYYY-MM-DD days, inclusive), as the matrix
 * counts only the range's sign-ups, so the directory lists exactly the cohort's
 * people. Opens at the directory (the matrix sits above it on the same page).
 */
export function cohortHref(cohort: string, range: { from: string; to: string }, current?: SearchParamsLike): string {
  const [year, month] = cohort.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year ?? 1970, month ?? 1, 0)).toISOString().slice(0, 10);
  const first = `${cohort}-01`;
  const registeredFrom = first > range.from ? first : range.from;
  const registeredTo = lastDay < range.to ? lastDay : range.to;
  return `/invitees${keptQuery(current, { registeredFrom, registeredTo })}#directory-heading`;
}
