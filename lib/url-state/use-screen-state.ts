"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { cleanedParams, type ParamIssue } from "./param-issues";
import type { SearchParamsLike } from "./params";

/**
 * A screen's state in its URL, as the browser sees it: parsed by the screen's
 * search-params.ts from the current search parameters, and changed with
 * history.replaceState, so a change costs no server round trip (Next keeps
 * useSearchParams in step with it) and the URL is always the view to share.
 */
export function useScreenState<S>(
  parse: (params: SearchParamsLike) => S,
  withState: (current: string, patch: Partial<S>) => URLSearchParams,
): [S, (patch: Partial<S>) => void] {
  const pathname = usePathname();
  const state = parse(useSearchParams());
  function update(patch: Partial<S>) {
    const next = withState(window.location.search, patch).toString();
    window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
  }
  return [state, update];
}

/**
 * The parameters of the URL the screen was opened with that it could not use,
 * and the query of what it shows instead: for ParamNotice, which says so once
 * and rewrites the address. Computed on the first render only (later changes
 * come from the screen's own controls, which write usable values).
 */
export function useOpeningParamIssues(check: (params: SearchParamsLike) => ParamIssue[]): { issues: ParamIssue[]; cleanQuery: string } {
  const params = useSearchParams();
  const [opening] = useState(() => {
    const issues = check(params);
    return { issues, cleanQuery: cleanedParams(params.toString(), issues).toString() };
  });
  return opening;
}
