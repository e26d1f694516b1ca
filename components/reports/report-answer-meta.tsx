"use client";

import { useEffect, useMemo, type ReactNode } from "react";
import type { ReportName } from "@/lib/reports/names";
import { AnswerMetaContext, useReportMeta } from "./report-context";
import { useReport } from "./use-report";

/**
 * The view's answer's "data as of" and coverage for everything inside it (the coverage notice, the charts' marks and
 * downloads), read from the same query as the view's useReport during render (AnswerMetaContext), and handed to the
 * page's ReportMeta for what lies outside the view (the printout's header).
 */
export function ReportAnswerMeta({ report, children }: { report: ReportName; children: ReactNode }) {
  const { data } = useReport(report);
  const { setDataAsOf, setCoverage } = useReportMeta();
  const dataAsOf = data?.dataAsOf ?? null;
  const coverage = data?.coverage ?? null;
  useEffect(() => {
    if (data) setDataAsOf(dataAsOf);
  }, [data, dataAsOf, setDataAsOf]);
  useEffect(() => {
    if (data?.coverage !== undefined) setCoverage(coverage);
  }, [data, coverage, setCoverage]);
  const held = data !== undefined;
  const value = useMemo(() => (held ? { dataAsOf, coverage } : null), [held, dataAsOf, coverage]);
  return <AnswerMetaContext.Provider value={value}>{children}</AnswerMetaContext.Provider>;
}
