"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiGet } from "@/lib/api-client";
import { APP_REPORT_SOURCE, queryKeys } from "@/lib/query-keys";
import type { ReportName } from "@/lib/reports/names";
import { useReportMeta, useReportSource } from "./report-context";
import { useReportQuery } from "./report-query";

/**
 * A report's data for the page's URL: the same search parameters go to the
 * report's data route (the app's, or a share link's, see report-context);
 * while new filters load, the previous figures stay on screen (dimmed by the
 * caller through `isPlaceholderData`). The answer's "data as of" goes to the
 * page's ReportMeta for chart downloads and printouts.
 */
export function useReport<T extends { dataAsOf: number | null }>(name: ReportName) {
  const query = useReportQuery();
  const source = useReportSource();
  const { setDataAsOf } = useReportMeta();
  const url = source.dataUrl(name, query);
  const result = useQuery({
    queryKey: queryKeys.reports.view(name, query, source.shared?.token ?? APP_REPORT_SOURCE),
    queryFn: ({ signal }) => apiGet<T>(url, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
  const asOf = result.data?.dataAsOf;
  useEffect(() => {
    if (asOf !== undefined) setDataAsOf(asOf);
  }, [asOf, setDataAsOf]);
  return result;
}
