"use client";

import { ShareDialog } from "@/components/share/share-dialog";
import { Button, buttonClassName } from "@/components/ui/button";
import type { ReportName } from "@/lib/reports/names";
import { useReportQuery } from "./report-query";

/** The report's own actions: share a link to this view, a PDF of it rendered on the server, print. */
export function ReportActions({ report, title }: { report: ReportName; title: string }) {
  const query = useReportQuery();
  return (
    <div className="flex items-center gap-2 print:hidden">
      <ShareDialog report={report} title={title} />
      <a href={`/api/pdf/${report}${query ? `?${query}` : ""}`} className={buttonClassName({ variant: "secondary", size: "sm" })} download>
        Download PDF
      </a>
      <Button variant="ghost" size="sm" onClick={() => window.print()}>
        Print
      </Button>
    </div>
  );
}
