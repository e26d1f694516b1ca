"use client";

/**
 * The query of a report view: the page's URL search parameters plus those its
 * path fixes — an entity page's uid (/invitees/<uid> asks its report for
 * ?uid=<uid>). Data, CSV downloads, the PDF and share links all read the view
 * through here, so the path's uid goes with each of them (and a share link
 * locks it); pages without a path parameter get their URL's query unchanged.
 */
import { useSearchParams } from "next/navigation";
import { createContext, useContext, useMemo, type ReactNode } from "react";

const PathParamsContext = createContext<Readonly<Record<string, string>>>({});

export function PathParamsProvider({ params, children }: { params: Readonly<Record<string, string>>; children: ReactNode }) {
  return <PathParamsContext.Provider value={params}>{children}</PathParamsContext.Provider>;
}

/** The view's query string (the path's parameters win over the same names in the URL). */
export function useViewQuery(): string {
  const search = useSearchParams();
  const fixed = useContext(PathParamsContext);
  return useMemo(() => {
    const query = new URLSearchParams(search.toString());
    for (const [name, value] of Object.entries(fixed)) query.set(name, value);
    return query.toString();
  }, [search, fixed]);
}
