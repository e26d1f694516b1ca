/**
 * The CSV of one table of a report view: exactly the view's filters (and its
 * search and sort), all rows, streamed. The only place that turns a registry
 * table into bytes, for the app's export routes and share links alike; a share
 * link passes `transformRow` to redact what its scope hides.
 */
import "server-only";
import { ApiError } from "../api/route";
import type { Db } from "../db/client";
import type { ReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { csvStream } from "./csv-stream";
import { findTable, tableIds } from "./report-tables";
import type { OpenedTable, RowTransform } from "./table-types";

export interface StreamReportCsvOptions {
  db: Db;
  connectionId: string;
  report: ReportName;
  table: string;
  filters: ReportFilters;
  /** The view's whole query string (its own sort, search, dormancy window…). */
  query: URLSearchParams;
  /** Rewrites each row (keyed by column key, by the columns' kinds) before it is written: share-link redaction. */
  transformRow?: RowTransform;
  now?: number;
}

export interface ReportCsv {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** `rebate-desk-commissions-by-symbol-2026-10-01_2026-10-31.csv` */
export function exportFilename(report: ReportName, table: string, filters: Pick<ReportFilters, "range">): string {
  return `rebate-desk-${report}-${table}-${filters.range.from}_${filters.range.to}.csv`;
}

async function* transformed({ columns, batches }: OpenedTable, transformRow: RowTransform | undefined): AsyncGenerator<string[][]> {
  for await (const batch of batches) {
    yield batch.map((row) => {
      const out = transformRow ? transformRow(row, columns) : row;
      return columns.map((c) => out[c.key] ?? "");
    });
  }
}

/**
 * Opens the table (an unknown table or a bad sort is a 400 ApiError, before any
 * byte is sent; small tables are read here too) and returns its CSV stream.
 */
export async function streamReportCsv(options: StreamReportCsvOptions): Promise<ReportCsv> {
  const { report, table } = options;
  const def = findTable(report, table);
  if (!def) {
    throw new ApiError(400, "UNKNOWN_TABLE", `report ${report} has no table "${table.slice(0, 40)}"; tables: ${tableIds(report).join(", ")}`, {
      tables: tableIds(report),
    });
  }
  const opened = await def.open({ db: options.db, connectionId: options.connectionId, filters: options.filters, query: options.query, now: options.now ?? Date.now() });
  return {
    filename: exportFilename(report, table, options.filters),
    body: csvStream(
      opened.columns.map((c) => c.header),
      transformed(opened, options.transformRow),
    ),
  };
}

/** The HTTP answer of an export: a UTF-8 CSV attachment, never cached. */
export function csvResponse({ filename, body }: ReportCsv): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
