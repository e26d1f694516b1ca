"use client";

import { dataAsOfText, useReportMeta } from "./report-context";

/**
 * The head of a printed report (never shown on screen): what the pages are,
 * for which scope, how fresh the figures are and what of the period the
 * warehouse holds (when not all of it), so a printout or PDF read
 * away from the app still says so. Page numbers come from @page in
 * app/globals.css.
 */
export function PrintHeader() {
  const { title, scope, dataAsOf, coverage } = useReportMeta();
  return (
    <div data-print-header="" className="mb-4 hidden border-b border-slate-300 pb-2 text-slate-900 print:order-first print:block">
      {/* A running-head line, not a heading: the page's own h1 follows. */}
      <p className="text-sm font-semibold">Rebate Desk · {title}</p>
      <p className="text-xs" data-print-scope="">
        {scope}
      </p>
      <p className="text-xs" data-print-as-of="">
        {dataAsOfText(dataAsOf)}
      </p>
      {coverage?.note ? (
        <p className="text-xs font-medium" data-print-coverage="">
          {coverage.note}
        </p>
      ) : null}
    </div>
  );
}
