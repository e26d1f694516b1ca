import { Suspense, type ReactNode } from "react";
import { DateRangeNote } from "@/components/layout/date-range-note";
import { PageHeader } from "@/components/layout/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { checkAccess } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { REPORT_CONTRACTS } from "@/lib/reports/contracts";
import type { ReportName } from "@/lib/reports/names";
import { checkReportParams } from "@/lib/reports/report-params";
import { describeScope } from "@/lib/reports/scope-label";
import { ParamNotice } from "@/components/ui/param-notice";
import { PrefetchedReport } from "./prefetched-report";
import { PrintHeader } from "./print-header";
import { ReportActions } from "./report-actions";
import { ReportMetaProvider } from "./report-context";
import { PathParamsProvider } from "./view-query";
import { AnnotationsReport } from "@/components/annotations/annotations-scope";

const NO_PARAMS: Readonly<Record<string, string>> = {};

/**
 * The frame of every analytics page: heading, the period the URL selects, and
 * the analyst role check (affiliate reports need analyst or above) before the
 * interactive view is rendered at all. The title and the scope in words go to
 * ReportMeta, for chart downloads, printouts and PDFs. The view's first
 * answer is read on the server (PrefetchedReport) while the header streams.
 */
export async function ReportPage({
  report,
  title,
  description,
  searchParams,
  fixedParams = NO_PARAMS,
  children,
}: {
  /** Which report this page shows: its share links, PDF and exports name it. */
  report: ReportName;
  title: string;
  description: string;
  searchParams: Readonly<Record<string, string | string[] | undefined>>;
  /**
   * Parameters the page's path holds (an entity page's `uid`): they win over the URL's, and every request,
   * download, PDF and share link of the view carries them (view-query.tsx).
   */
  fixedParams?: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  const { user, allowed } = await checkAccess("analyst");
  // One parse for the page, its first answer and its notice: unusable parameters give way to what is shown.
  const { filters, issues, query } = checkReportParams(report, { ...searchParams, ...fixedParams }, now());
  const scope = describeScope({ ...filters, from: filters.range.from, to: filters.range.to });
  return (
    <PathParamsProvider params={fixedParams}>
      <AnnotationsReport report={report}>
      <ReportMetaProvider title={title} scope={scope}>
        <div className="space-y-6 print:flex print:flex-col">
          <PageHeader title={title} eyebrow="Affiliate" actions={allowed ? <ReportActions report={report} title={title} /> : undefined}>
            <p>{description}</p>
            {/* The zone is named only where the report buckets by it: elsewhere a tz in the URL changes nothing. */}
            <DateRangeNote range={filters.range} tz={(REPORT_CONTRACTS[report].filters as readonly string[]).includes("tz") ? filters.tz : undefined} />
            <ParamNotice issues={issues} cleanQuery={query.toString()} />
          </PageHeader>
          {allowed ? (
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <PrefetchedReport report={report} query={query}>
                {children}
              </PrefetchedReport>
            </Suspense>
          ) : (
            <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
              Affiliate reports need the analyst role. Your role is <strong>{user.role}</strong>.
            </p>
          )}
          {/* Last in the DOM so that screen queries for the visible "data as of" find the page's own first; first on paper. */}
          <PrintHeader />
        </div>
      </ReportMetaProvider>
      </AnnotationsReport>
    </PathParamsProvider>
  );
}
