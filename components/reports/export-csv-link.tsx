"use client";

/**
 * "Download CSV" for one table of a report view: a plain link with `download`,
 * so the browser streams the server's file straight to disk (no blob in memory)
 * and names it from Content-Disposition. The URL carries the page's own search
 * parameters, so the file is exactly the filtered view, every row; on a share
 * link the report source points it at the link's export instead.
 */
import { buttonClassName } from "@/components/ui/button";
import type { TableId } from "@/lib/reports/contracts";
import type { ReportName } from "@/lib/reports/names";
import { useReportSource } from "./report-context";
import { useReportQuery } from "./report-query";

/**
 * `table` is one of the report's contract tables: a wrong id does not typecheck.
 * The label is visible too (two links side by side must not read the same),
 * unless `labelShownNearby` says a heading beside the link already names the table.
 */
export function ExportCsvLink<N extends ReportName>({ report, table, label, labelShownNearby = false, className }: { report: N; table: TableId<N>; label: string; labelShownNearby?: boolean; className?: string }) {
  const query = useReportQuery();
  const source = useReportSource();
  // A link that shows percentages instead of amounts exports nothing (the server refuses too).
  if (source.shared?.percentages) return null;
  const href = source.exportUrl(report, table, query);
  return (
    <a href={href} download className={buttonClassName({ variant: "secondary", size: "sm", className: `print:hidden ${className ?? ""}` })}>
      Download CSV<span data-csv-label className={labelShownNearby ? "sr-only" : undefined}> of {label}</span>
    </a>
  );
}
