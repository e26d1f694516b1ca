"use client";

import { usePathname, useSearchParams } from "next/navigation";
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
