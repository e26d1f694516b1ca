"use client";

/**
 * One titled block of an analytics page, a chart or a table, with its
 * "Download CSV" in the heading row. `label` is the section's accessible name
 * (screen readers and the tests find the block by it) and names the CSV link;
 * `title` is the visible heading when it says more than the label.
 */
import type { ReactNode } from "react";
import type { TableId } from "@/lib/reports/contracts";
import type { ReportName } from "@/lib/reports/names";
import { ExportCsvLink } from "./export-csv-link";

export function ReportSection<N extends ReportName>({
  label,
  title = label,
  report,
  table,
  kind,
  children,
}: {
  label: string;
  title?: string;
  report: N;
  /** The contract table (lib/reports/contracts) holding this block's rows. */
  table: TableId<N>;
  /** A chart sits inside the padding; a table runs to the border, under a padded heading. */
  kind: "chart" | "table";
  children: ReactNode;
}) {
  const chart = kind === "chart";
  return (
    <section aria-label={label} className={`rounded-xl border border-slate-200 dark:border-slate-800${chart ? " p-4" : ""}`}>
      <div className={chart ? "mb-2 flex items-center justify-between gap-2" : "flex items-center justify-between gap-2 px-4 pt-3"}>
        <h2 className="text-base font-semibold">{title}</h2>
        <ExportCsvLink report={report} table={table} label={label} labelShownNearby />
      </div>
      {children}
    </section>
  );
}
