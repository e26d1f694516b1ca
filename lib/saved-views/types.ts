/**
 * Saved views as the API answers them and the pages show them (issue #27): a
 * report view (report + URL query) under a name. Browser-safe: types,
 * constants and the view's address, no server or zod import.
 */
import { REPORT_CONTRACTS } from "../reports/contracts";
import type { ReportName } from "../reports/names";

export const SAVED_VIEW_NAME_MAX = 120;
export const SAVED_VIEW_QUERY_MAX = 2000;
export type Visibility = "private" | "team";

export interface SavedView {
  id: string;
  name: string;
  report: ReportName;
  reportTitle: string;
  /** The view's search parameters, as in its URL. */
  query: string;
  /** What the view shows, in words (its filters and days as of now). */
  scope: string;
  visibility: Visibility;
  pinned: boolean;
  ownerEmail: string;
  /** Whether the signed-in user owns it (only the owner changes who sees it). */
  mine: boolean;
  /** Whether the signed-in user may delete it: its owner or an admin. */
  canDelete: boolean;
  createdAt: string;
  updatedAt: string;
  /** The report page showing it: its path and query. */
  href: string;
}

export interface SavedViewsAnswer {
  views: SavedView[];
}

export interface SavedViewLogEntry {
  id: string;
  action: "create" | "rename" | "update" | "visibility" | "pin" | "unpin" | "delete";
  actorEmail: string;
  at: string;
  /** The change in words ("Renamed “A” to “B”"). */
  summary: string;
}

/** Path parameters of the entity reports: their page is /<path>/<uid>, not ?uid=. */
const PATH_PARAM: Partial<Record<ReportName, "uid">> = { invitee: "uid", "sub-affiliate": "uid" };

/** The report page of a view: the report's path (an entity's uid in the path) and the rest of its query. */
export function savedViewHref(report: ReportName, query: string): string {
  const params = new URLSearchParams(query);
  let path = REPORT_CONTRACTS[report].path;
  const param = PATH_PARAM[report];
  const value = param ? params.get(param) : null;
  if (param && value) {
    path = `${path}/${encodeURIComponent(value)}`;
    params.delete(param);
  }
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** The parameters a report's page fixes from its path (for the allowed-parameter check). */
export function pathParamOf(report: ReportName): string | undefined {
  return PATH_PARAM[report];
}
