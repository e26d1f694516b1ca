/** A saved view's row as the API answers it: the report's title, the view in words, and what this person may do. */
import "server-only";
import { hasRole } from "../auth/roles";
import type { SavedViewRow } from "../db/schema";
import { reportTitle } from "../reports/contracts";
import { isReportName } from "../reports/names";
import { savedViewScopeWords } from "./scope-words";
import type { Actor } from "./log";
import { savedViewHref, type SavedView } from "./types";

export function savedViewAnswer(row: SavedViewRow, user: Actor, now: Date): SavedView {
  // The check constraint cannot hold the report list; a row of a report since removed still lists, as the Overview.
  const report = isReportName(row.report) ? row.report : "overview";
  return {
    id: row.id,
    name: row.name,
    report,
    reportTitle: reportTitle(report),
    query: row.query,
    scope: savedViewScopeWords(report, row.query, now),
    visibility: row.visibility,
    pinned: row.pinned,
    ownerEmail: row.ownerEmail,
    mine: row.ownerUserId === user.id,
    canDelete: row.ownerUserId === user.id || hasRole(user.role, "admin"),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    href: savedViewHref(report, row.query),
  };
}
