"use client";

import type { AnswerCoverage } from "@/lib/reports/contracts/report-contract";
import { formatUtcMinute } from "@/lib/format/time";
import { CoverageNotice } from "./coverage-notice";
import { useReportMeta } from "./report-context";

/**
 * How fresh the figures are — the oldest "as of" of the sources this report
 * reads, so it is true for every figure on the page — and, when the warehouse
 * holds only part of the range, the coverage notice. `coverage` defaults to the
 * view's answer's, which ReportAnswerMeta gives ReportMeta during render.
 */
export function DataAsOf({ asOf, coverage }: { asOf: number | null; coverage?: AnswerCoverage }) {
  const meta = useReportMeta();
  return (
    <>
      <p role="status" className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
        {asOf === null ? "No data synced yet for this connection: history fills in newest first." : `Data as of ${formatUtcMinute(asOf)} UTC`}
      </p>
      <CoverageNotice coverage={coverage ?? meta.coverage} />
    </>
  );
}
