"use client";

/**
 * The annotations a page's charts show: on a share link, exactly those its creator chose (read with the page, on the
 * server); in the app, the connection's annotations for the view's days and scope (GET /api/annotations), editable
 * (every app page with a chart is an analyst's: components/reports/report-page.tsx checks it).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { useReportSource } from "@/components/reports/report-context";
import { useViewQuery } from "@/components/reports/view-query";
import { apiGet } from "@/lib/api-client";
import type { Annotation } from "@/lib/annotations/types";
import { annotationParams } from "@/lib/annotations/view-params";
import { queryKeys } from "@/lib/query-keys";
import { useAnnotationsCode, useAnnotationsReport } from "./annotations-scope";

export interface ChartAnnotations {
  annotations: readonly Annotation[];
  /** Add, edit and delete offered (never on a share link). */
  editable: boolean;
  /** The list could not be read: said in words under the chart. */
  error: unknown;
  /** The view's days and sub-affiliate (or an invite code's page's code), for the add form's defaults. */
  params: Readonly<Record<string, string>>;
}

const NONE: readonly Annotation[] = [];

/**
 * `days`: a chart of other days than the view's (the forecast's month or quarter, to its end) asks for the notes of
 * its own days, in the view's scope; on an invite code's page (AnnotationsOfCode) the chart's days and the code.
 */
export function useChartAnnotations(days?: { from: string; to: string }): ChartAnnotations {
  const { shared } = useReportSource();
  const report = useAnnotationsReport();
  const code = useAnnotationsCode();
  const raw = useViewQuery();
  const appNow = useAppNow();
  const from = days?.from;
  const to = days?.to;
  const params = useMemo(() => {
    // An invite code's page has no view of its own: its chart's days and the code are the scope.
    if (code !== null && from !== undefined && to !== undefined) return { from, to, code };
    const view = annotationParams(report ?? "", raw, appNow());
    return from !== undefined && to !== undefined ? { ...view, from, to } : view;
  }, [raw, appNow, report, code, from, to]);
  // Only app pages ask: a shared page has its chosen notes already, and no session to ask with.
  const inApp = shared === null && report !== null;
  const query = useQuery({
    queryKey: queryKeys.annotations.list(params),
    queryFn: ({ signal }) => apiGet<{ annotations: Annotation[] }>("/api/annotations", params, { signal }),
    enabled: inApp,
    placeholderData: keepPreviousData,
  });
  if (shared) return { annotations: shared.annotations ?? NONE, editable: false, error: null, params };
  return { annotations: query.data?.annotations ?? NONE, editable: inApp, error: query.error, params };
}
