/**
 * Snapshot links freeze their figures at creation: every answer the shared
 * page can ask for — the view itself and each page of its paged table in the
 * default order — is computed now and stored with the link, so the link shows
 * the same figures forever, whatever the warehouse does later. Sorting or
 * searching a frozen table is not offered (the page knows it is a snapshot).
 */
import "server-only";
import type { Db } from "../db/client";
import { parseReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { answerReport } from "../reports/run";
import { freeKey, scopeParams, type ShareScope } from "./scope";

/** At most this many pages of a paged table are frozen (10 000 rows at the default 50 per page). */
export const SNAPSHOT_MAX_PAGES = 200;

export interface Snapshot {
  createdAt: number;
  /** freeKey(request) → the answer, as the live route would have sent it then. */
  answers: Record<string, object>;
  /** Pages of the paged table that were not frozen (beyond SNAPSHOT_MAX_PAGES). */
  truncatedPages: number;
}

/** The total row count and page size of a report's paged table, if it has one. */
function pagingOf(name: ReportName, answer: object): { total: number; pageSize: number } | null {
  const a = answer as { roster?: { total: number; pageSize: number }; total?: number; pageSize?: number };
  if (name === "invitees" && a.roster) return { total: a.roster.total, pageSize: a.roster.pageSize };
  if (name === "trade-assets" && typeof a.total === "number" && typeof a.pageSize === "number") return { total: a.total, pageSize: a.pageSize };
  return null;
}

export async function buildSnapshot(db: Db, connectionId: string, name: ReportName, scope: ShareScope, now: Date): Promise<Snapshot> {
  const params = scopeParams(scope);
  const filters = parseReportFilters(params, now);
  const first = await answerReport(db, connectionId, name, filters, params);
  const answers: Record<string, object> = { [freeKey(params)]: first };
  const paging = pagingOf(name, first);
  let truncatedPages = 0;
  if (paging) {
    const pages = Math.ceil(paging.total / paging.pageSize);
    truncatedPages = Math.max(0, pages - SNAPSHOT_MAX_PAGES);
    for (let page = 2; page <= Math.min(pages, SNAPSHOT_MAX_PAGES); page++) {
      const paged = new URLSearchParams(params);
      paged.set("page", String(page));
      answers[freeKey(paged)] = await answerReport(db, connectionId, name, filters, paged);
    }
  }
  return { createdAt: now.getTime(), answers, truncatedPages };
}
