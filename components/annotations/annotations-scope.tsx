"use client";

/**
 * Which report a page's charts belong to, for their annotations: a sub-affiliate's own page is narrowed to the uid its
 * path names, where an invitee's page is not (lib/annotations/types.ts chartScopeOf). Set once by ReportPage.
 */
import { createContext, useContext, type ReactNode } from "react";

const ReportNameContext = createContext<string | null>(null);

export function AnnotationsReport({ report, children }: { report: string; children: ReactNode }) {
  return <ReportNameContext.Provider value={report}>{children}</ReportNameContext.Provider>;
}

export const useAnnotationsReport = (): string | null => useContext(ReportNameContext);
