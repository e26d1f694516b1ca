"use client";

/**
 * The query a report view sends: the page's URL parameters plus the ones its
 * path holds. An entity page (/sub-affiliates/<uid>) names its entity in the
 * path, but the report's API, its CSV, PDF and share links take it as a
 * parameter (`uid`): this provider adds it, so every data request, download and
 * link of the view carries it. Elsewhere it adds nothing.
 */
import { useSearchParams } from "next/navigation";
import { createContext, useContext, useMemo, type ReactNode } from "react";

const FixedParamsContext = createContext<Readonly<Record<string, string>>>({});

export function ReportParamsProvider({ params, children }: { params: Readonly<Record<string, string>>; children: ReactNode }) {
  return <FixedParamsContext.Provider value={params}>{children}</FixedParamsContext.Provider>;
}

/** The view's query string: the URL's parameters, then the path's (which win). */
export function useReportQuery(): string {
  const search = useSearchParams().toString();
  const fixed = useContext(FixedParamsContext);
  return useMemo(() => {
    const entries = Object.entries(fixed);
    if (entries.length === 0) return search;
    const next = new URLSearchParams(search);
    for (const [name, value] of entries) next.set(name, value);
    return next.toString();
  }, [search, fixed]);
}
