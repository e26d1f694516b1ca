"use client";

import { DigestDialog } from "@/components/digests/digest-dialog";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";
import { ShareDialog } from "@/components/share/share-dialog";
import { Button, buttonClassName } from "@/components/ui/button";
import type { ReportName } from "@/lib/reports/names";
import { useViewQuery } from "./view-query";

/** The report's own actions: save this view under a name, share a link to it, send it on a schedule (a digest), a PDF of it rendered on the server, print. */
export function ReportActions({ report, title }: { report: ReportName; title: string }) {
  const query = useViewQuery();
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      <SaveViewDialog report={report} title={title} />
      <ShareDialog report={report} title={title} />
      <DigestDialog report={report} title={title} />
      <a href={`/api/pdf/${report}${query ? `?${query}` : ""}`} className={buttonClassName({ variant: "secondary", size: "sm" })} download>
        Download PDF
      </a>
      <Button variant="ghost" size="sm" onClick={() => window.print()}>
        Print
      </Button>
    </div>
  );
}
