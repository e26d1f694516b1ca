/**
 * Snapshot links freeze their figures at creation: every answer the shared
 * page can ask for — the view itself and each page of its paged table in the
 * default order — is computed now and stored with the link, so the link shows
 * the same figures forever, whatever the warehouse does later. Sorting or
 * searching a frozen table is not offered (the page knows it is a snapshot).
 */
import "server-only";
import type { Db } from "../db/client";
import { streamReportCsv } from "../export/stream-report";
import { tableIds } from "../export/report-tables";
import type { RowTransform } from "../export/table-types";
import type { ReportFilters } from "../reports/filters";
import { rosterQuerySchema } from "../reports/invitees/contract";
import { tradeAssetQuerySchema } from "../reports/trade-assets/contract";
import { inviteeRosterBatches } from "../reports/invitees/sql";
import { tradeAssetRowBatches } from "../reports/trade-assets/sql";
import type { ReportName } from "../reports/names";
import { answerReport } from "../reports/run";
import { previousPeriodAnswer } from "./previous-period";
import { filtersOf, freeKey, scopeParams, type ShareScope } from "./scope";

/** At most this many pages of a paged table are frozen (10 000 rows at the default 50 per page). */
export const SNAPSHOT_MAX_PAGES = 200;
/** A table's CSV larger than this is not frozen (its export then says so). */
export const SNAPSHOT_MAX_CSV_BYTES = 5_000_000;

export interface Snapshot {
  createdAt: number;
  /**
   * freeKey(request) → the answer, as the live route would have sent it then.
   * The first ("") in full; the other pages of the table only with the fields a
   * page changes: funnels and charts are not stored once per page.
   */
  answers: Record<string, object>;
  /** Pages of the paged table that were not frozen (beyond SNAPSHOT_MAX_PAGES). */
  truncatedPages: number;
  /** Every table's CSV as it was, already redacted as the link says (table id → text); absent when too large. */
  csv: Record<string, string>;
  /**
   * Percentages links: the previous period's answer as it was, read for the headline totals' changes (never sent:
   * only those changes leave); absent when the warehouse did not hold that whole period, or the report has no such totals.
   */
  previous?: object;
  /** With `previous`, when today was partial then: the current period's answer without today, what the change compares. */
  previousCurrentWholeDays?: object;
}

async function csvText(body: ReadableStream<Uint8Array>): Promise<string | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > SNAPSHOT_MAX_CSV_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The total row count and page size of a report's paged table, if it has one. */
function pagingOf(name: ReportName, answer: object): { total: number; pageSize: number } | null {
  const a = answer as { roster?: { total: number; pageSize: number }; total?: number; pageSize?: number };
  if (name === "invitees" && a.roster) return { total: a.roster.total, pageSize: a.roster.pageSize };
  if (name === "trade-assets" && typeof a.total === "number" && typeof a.pageSize === "number") return { total: a.total, pageSize: a.pageSize };
  return null;
}

/** The rows of a report's paged table in its default order, one page-sized chunk at a time. */
async function* pagedRows(db: Db, connectionId: string, name: ReportName, filters: ReportFilters, now: Date, pageSize: number): AsyncGenerator<object[]> {
  const source =
    name === "invitees"
      ? inviteeRosterBatches(db, connectionId, filters, rosterQuerySchema.parse({}), { now: now.getTime(), batchSize: pageSize })
      : tradeAssetRowBatches(db, connectionId, filters, tradeAssetQuerySchema.parse({}), { batchSize: pageSize });
  yield* source;
}

/** A frozen answer in full: the first answer with a page's own fields over it. */
export function snapshotAnswer(snapshot: Snapshot, key: string): object | undefined {
  const first = snapshot.answers[""];
  const stored = snapshot.answers[key];
  if (!first || !stored) return undefined;
  return key === "" ? first : { ...first, ...stored };
}

/**
 * `transformRow` redacts the frozen CSVs as the link says; `csv: false` freezes none
 * (a percentages link serves no export, so it keeps no amounts either).
 */
export async function buildSnapshot(
  db: Db,
  connectionId: string,
  name: ReportName,
  scope: ShareScope,
  now: Date,
  options: { transformRow?: RowTransform | undefined; csv: boolean; previous?: boolean },
): Promise<Snapshot> {
  const { transformRow } = options;
  const params = scopeParams(scope, now);
  const filters = filtersOf(params, now, scope);
  const first = await answerReport(db, connectionId, name, filters, params);
  const answers: Record<string, object> = { [freeKey(params)]: first };
  const paging = pagingOf(name, first);
  let truncatedPages = 0;
  if (paging) {
    const pages = Math.ceil(paging.total / paging.pageSize);
    truncatedPages = Math.max(0, pages - SNAPSHOT_MAX_PAGES);
    // The later pages of the paged table, read in one keyset pass in the default order
    // (not one whole report per page): each stored as the fields it changes.
    let page = 0;
    for await (const rows of pagedRows(db, connectionId, name, filters, now, paging.pageSize)) {
      page++;
      if (page > SNAPSHOT_MAX_PAGES) break;
      if (page === 1) continue;
      const key = new URLSearchParams(params);
      key.set("page", String(page));
      answers[freeKey(key)] =
        name === "invitees"
          ? { roster: { rows, total: paging.total, page, pageSize: paging.pageSize } }
          : { rows, page };
    }
  }
  const csv: Record<string, string> = {};
  for (const table of options.csv ? tableIds(name) : []) {
    const { body } = await streamReportCsv({ db, connectionId, report: name, table, filters, query: params, now: now.getTime(), ...(transformRow ? { transformRow } : {}) });
    const text = await csvText(body);
    if (text !== null) csv[table] = text;
  }
  const compared = options.previous ? await previousPeriodAnswer(db, connectionId, name, filters, params, now) : undefined;
  const previous = compared?.answer as object | undefined;
  const wholeDays = compared?.currentWholeDays as object | undefined;
  return { createdAt: now.getTime(), answers, truncatedPages, csv, ...(previous ? { previous } : {}), ...(previous && wholeDays ? { previousCurrentWholeDays: wholeDays } : {}) };
}
