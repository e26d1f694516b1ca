/** A report view's first answer, read on the server for the page's HTML (see Prefetched). */
import "server-only";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { Prefetched } from "@/components/providers/prefetched";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { selectedConnection } from "@/lib/exchange/connections";
import { CONNECTION_COOKIE } from "@/lib/exchange/selection";
import { APP_REPORT_SOURCE, queryKeys } from "@/lib/query-keys";
import type { ReportName } from "@/lib/reports/names";
import { checkReportParams } from "@/lib/reports/report-params";
import { answerReport } from "@/lib/reports/run";
import { ReportAnswerMeta } from "./report-answer-meta";

/** What /api/reports/<report> answers for this query and the request's connection. */
async function readAnswer(report: ReportName, query: URLSearchParams): Promise<unknown> {
  const connection = await selectedConnection((await cookies()).get(CONNECTION_COOKIE)?.value);
  if (!connection) throw new Error("no exchange connection");
  return answerReport(await getDb(), connection.id, report, checkReportParams(report, query, now()).filters, query);
}

export function PrefetchedReport({
  report,
  query,
  children,
}: {
  report: ReportName;
  /** The view's query as checkReportParams cleaned it: what useReport asks for in the browser too. */
  query: URLSearchParams;
  children: ReactNode;
}) {
  return (
    <Prefetched queryKey={queryKeys.reports.view(report, query.toString(), APP_REPORT_SOURCE)} read={() => readAnswer(report, query)}>
      <ReportAnswerMeta report={report}>{children}</ReportAnswerMeta>
    </Prefetched>
  );
}
