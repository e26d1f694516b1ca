/**
 * The CSV of one table of a report view: exactly the view's filters (and its
 * search and sort), all rows, streamed. The only place that turns a registry
 * table into bytes, for the app's export routes and share links alike; a share
 * link passes `transformRow` to redact what its scope hides.
 */
import "server-only";
import { ApiError } from "../api/errors";
import { now as appNow } from "../clock";
import type { Db } from "../db/client";
import { REPORT_CONTRACTS } from "../reports/contracts";
import { coinOf, type ReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { partialDayInWords } from "../reports/period-words";
import { periodsOf } from "../reports/periods";
import { coverageFor } from "../reports/coverage-sources";
import { csvStream } from "./csv-stream";
import { contentDisposition, csvFilename, headerWithUnit, type UnitContext } from "./file-meta";
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
  /**
   * Columns the app's own export adds to the table (the team's tags and follow-ups beside the directory's rows:
   * lib/invitee-work/csv-columns.ts). Share links and digests never pass it.
   */
  extend?: (opened: OpenedTable) => OpenedTable;
  now?: number;
}

export interface ReportCsv {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * `commissions_by-symbol_2026-10-01_2026-10-31_asof-2026-10-31T2359Z.csv`: report, table, range, "data as of"
 * (`_partial` added when the warehouse does not hold the whole range).
 */
export function exportFilename(report: ReportName, table: string, filters: Pick<ReportFilters, "range">, asOf: number | null, partial = false): string {
  return csvFilename({ report, range: filters.range, asOf, partial }, table);
}

/**
 * A view's money columns whose coin is the row's are in the view's one coin when the report has a coin filter and the
 * view shows one coin; in an all-coins view (Commissions with no coin) each row's own ("coin of the row").
 */
export function unitContextOf(report: ReportName, filters: Pick<ReportFilters, "coin">): UnitContext {
  const contract = REPORT_CONTRACTS[report];
  const byCoin: readonly string[] = contract.filters;
  if (!byCoin.includes("coin") || (filters.coin === undefined && contract.noCoinMeans === "all")) return {};
  return { viewCoin: coinOf(filters) };
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
  // Coverage ("data as of": the oldest of the report's sources, as the page says) read before the rows:
  // the file then holds at least what its name claims, never less.
  const coverage = await coverageFor(options.db, options.connectionId, report, options.filters);
  const table0 = await def.open({ db: options.db, connectionId: options.connectionId, filters: options.filters, query: options.query, now: options.now ?? appNow().getTime(), coverage });
  const opened = options.extend ? options.extend(table0) : table0;
  const units = unitContextOf(report, options.filters);
  return {
    filename: exportFilename(report, table, options.filters, coverage.asOf, coverage.note !== ""),
    body: csvStream(
      // Each header names its unit (coin, fraction, UTC), from the column's kind.
      opened.columns.map((c) => headerWithUnit(c.header, c.kind, units)),
      transformed(opened, options.transformRow),
      // The same coverage sentence the page, its charts and its PDF show ("Partial: history from …").
      // And, while the range reaches today, that today is partial and what changes compare (lib/reports/periods.ts).
      { notes: [coverage.note, partialDayInWords(periodsOf(options.filters.range), options.filters.compare)].filter((n) => n !== "") },
    ),
  };
}

/** The HTTP answer of an export: a UTF-8 CSV attachment, never cached. */
export function csvResponse({ filename, body }: ReportCsv): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
