/**
 * A report view's first answer read on the server, while the page renders, and
 * handed to the browser's React Query cache (the documented App Router pattern:
 * prefetch, dehydrate, HydrationBoundary). The view then renders its figures in
 * the page's HTML instead of after a second round trip; filter changes fetch in
 * the browser as before. The answer is the report route's, through JSON, so
 * the browser holds exactly what /api/reports/<name> would have sent.
 */
import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { getDb } from "@/lib/db/client";
import { selectedConnection } from "@/lib/exchange/connections";
import { CONNECTION_COOKIE } from "@/lib/exchange/selection";
import { APP_REPORT_SOURCE, queryKeys } from "@/lib/query-keys";
import { parseReportFilters } from "@/lib/reports/filters";
import type { ReportName } from "@/lib/reports/names";
import { answerReport } from "@/lib/reports/run";
import { toSearchParams } from "@/lib/url-state/params";

async function readAnswer(report: ReportName, query: URLSearchParams): Promise<unknown> {
  const connection = await selectedConnection((await cookies()).get(CONNECTION_COOKIE)?.value);
  if (!connection) throw new Error("no exchange connection");
  const answer = await answerReport(await getDb(), connection.id, report, parseReportFilters(query), query);
  return JSON.parse(JSON.stringify(answer)) as unknown;
}

export async function PrefetchedReport({
  report,
  searchParams,
  children,
}: {
  report: ReportName;
  searchParams: Readonly<Record<string, string | string[] | undefined>>;
  children: ReactNode;
}) {
  const query = toSearchParams(searchParams);
  const client = new QueryClient();
  // prefetchQuery never throws: a failed read (no connection, a 400 for a bad parameter) is simply
  // not handed over, and the view asks the report route itself, which answers with the {code, msg}.
  await client.prefetchQuery({
    queryKey: queryKeys.reports.view(report, query.toString(), APP_REPORT_SOURCE),
    queryFn: () => readAnswer(report, query),
  });
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
