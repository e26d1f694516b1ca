"use client";

/**
 * Which report a page's charts belong to, for their annotations: a sub-affiliate's own page is narrowed to the uid its
 * path names, where an invitee's page is not (lib/annotations/types.ts chartScopeOf). Set once by ReportPage; an invite
 * code's page (outside the reports) sets the code its charts are narrowed to instead (AnnotationsOfCode).
 */
import { createContext, useContext, type ReactNode } from "react";

interface AnnotationsPage {
  report: string;
  /** The invite code the page's charts are narrowed to: they show its notes and those tied to nothing. */
  code?: string;
}

const ReportNameContext = createContext<AnnotationsPage | null>(null);

export function AnnotationsReport({ report, children }: { report: string; children: ReactNode }) {
  return <ReportNameContext.Provider value={{ report }}>{children}</ReportNameContext.Provider>;
}

/** An invite code's page: its time charts show the code's notes and the connection's untied ones. */
export function AnnotationsOfCode({ code, children }: { code: string; children: ReactNode }) {
  return <ReportNameContext.Provider value={{ report: "invite-code", code }}>{children}</ReportNameContext.Provider>;
}

export const useAnnotationsReport = (): string | null => useContext(ReportNameContext)?.report ?? null;
/** The invite code the page's charts are narrowed to, if any. */
export const useAnnotationsCode = (): string | null => useContext(ReportNameContext)?.code ?? null;
