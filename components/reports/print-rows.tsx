"use client";

import { useQueries } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { apiGet } from "@/lib/api-client";
import { APP_REPORT_SOURCE, queryKeys } from "@/lib/query-keys";
import { countOf } from "@/lib/format/plural";
import { PRINT_MAX_ROWS, printedPages, printedRowsSentence } from "@/lib/export/print-rows";
import type { ReportName } from "@/lib/reports/names";
import { Pager } from "./pager";
import { useReportSource } from "./report-context";
import { TableSkeleton } from "@/components/ui/skeleton";

export interface RowPage<R> {
  rows: readonly R[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PagedRows<R> {
  rows: readonly R[];
  /** Under the table: the pager on screen; a skeleton while the rest loads for a PDF. */
  footer: ReactNode;
  /**
   * In a PDF, the row count (or the limit sentence), for the table's last row
   * (PrintedRowsNote): kept with the rows above it, it never lands alone on a
   * page of its own, as a paragraph after the table could.
   */
  note: string | null;
}

/** The table's last row in a PDF: the printed-rows sentence across every column, never split from the row before. */
export function PrintedRowsNote({ note, columns }: { note: string | null; columns: number }) {
  if (note === null) return null;
  return (
    <tr style={{ breakBefore: "avoid" }}>
      <td colSpan={columns} className="px-4 py-3 text-sm text-slate-700">
        {note}
      </td>
    </tr>
  );
}

/**
 * The rows a paged table shows: on screen, the answer's page with its pager;
 * when the view is rendered for a PDF (`printAll`), every page of the view's
 * query (its filters, search and sort) read through the same data route, up
 * to PRINT_MAX_ROWS, so paper never stops at "Rows 1–50".
 */
export function usePagedRows<A, R>(name: ReportName, answer: A, pageOf: (answer: A) => RowPage<R>, onPage: (page: number) => void): PagedRows<R> {
  const source = useReportSource();
  const search = useSearchParams().toString();
  const first = pageOf(answer);
  const printAll = source.shared?.printAll === true;
  const wanted = printAll ? Math.min(first.total, PRINT_MAX_ROWS) : 0;
  const pages = printAll ? printedPages(first.total, first.pageSize) : 0;
  const others = printAll ? Array.from({ length: pages }, (_, i) => i + 1).filter((p) => p !== first.page) : [];
  const results = useQueries({
    queries: others.map((page) => {
      const params = new URLSearchParams(search);
      params.set("page", String(page));
      const query = params.toString();
      return {
        queryKey: queryKeys.reports.view(name, query, source.shared?.token ?? APP_REPORT_SOURCE),
        queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<A>(source.dataUrl(name, query), undefined, { signal }),
      };
    }),
  });
  if (!printAll) {
    return { rows: first.rows, footer: <Pager page={first.page} pageSize={first.pageSize} total={first.total} onPage={onPage} />, note: null };
  }
  if (results.some((r) => r.isPending)) return { rows: first.rows, footer: <TableSkeleton rows={3} columns={4} label="Loading every row for the PDF" />, note: null };
  const byPage = new Map<number, readonly R[]>([[first.page, first.rows]]);
  others.forEach((page, i) => {
    const data = results[i]?.data;
    if (data !== undefined) byPage.set(page, pageOf(data).rows);
  });
  const rows: R[] = [];
  for (let page = 1; page <= pages; page++) {
    const got = byPage.get(page);
    if (!got) break; // a page that failed: print what came before it, and say so below
    rows.push(...got);
  }
  const printed = Math.min(rows.length, wanted);
  const failed = printed < wanted;
  return {
    rows: rows.slice(0, printed),
    footer: null,
    note: failed ? `${countOf(printed, "row")} of ${first.total} printed: the rest could not be loaded — the full table is in the CSV.` : printedRowsSentence(printed, first.total),
  };
}
