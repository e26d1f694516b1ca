"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { apiGet } from "@/lib/api-client";
import { APP_REPORT_SOURCE, queryKeys } from "@/lib/query-keys";
import type { AnswerCoverage } from "@/lib/reports/contracts/report-contract";
import type { ReportName } from "@/lib/reports/names";
import { checkReportParams, type CheckedReportParams } from "@/lib/reports/report-params";
import { useReportSource } from "./report-context";
import { useViewQuery } from "./view-query";

/**
 * A report's data for the page's URL: the same search parameters go to the
 * report's data route (the app's, or a share link's, see report-context);
 * while new filters load, the previous figures stay on screen (dimmed by the
 * caller through `isPlaceholderData`). The answer's "data as of" and coverage reach
 * the page's ReportMeta through ReportAnswerMeta (report-answer-meta.tsx). The query
 * is the URL's as checkReportParams cleans it (what the page's notice says is
 * shown), so an unusable parameter never reaches the API, which would refuse it.
 */
export function useReport<T extends { dataAsOf: number | null; coverage?: AnswerCoverage }>(name: ReportName) {
  const query = useReportParams(name).query.toString();
  const source = useReportSource();
  const url = source.dataUrl(name, query);
  return useQuery({
    queryKey: queryKeys.reports.view(name, query, source.shared?.token ?? APP_REPORT_SOURCE),
    queryFn: ({ signal }) => apiGet<T>(url, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The view's parameters checked as the page's server render checked them: filters, issues, cleaned query. */
export function useReportParams(name: ReportName): CheckedReportParams {
  // The view's query: the URL's, plus what the path fixes (an entity page's uid).
  const raw = useViewQuery();
  const appNow = useAppNow();
  // The date presets resolve against the app's now: recomputed when the URL changes, not on every render.
  return useMemo(() => checkReportParams(name, new URLSearchParams(raw), appNow()), [name, raw, appNow]);
}
