"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { issueSentence, type ParamIssue } from "@/lib/url-state/param-issues";

/**
 * What a page did with URL parameters it could not use: one sentence per
 * parameter (which one, what was wrong, what is shown instead). Once shown,
 * the address bar is rewritten to `cleanQuery` — the URL of what is on screen —
 * with history.replaceState: Next keeps useSearchParams in step without a
 * server round trip, so this notice stays until the next change of view.
 */
export function ParamNotice({ issues, cleanQuery }: { issues: readonly ParamIssue[]; cleanQuery: string }) {
  const pathname = usePathname();
  useEffect(() => {
    if (issues.length === 0) return;
    const href = cleanQuery ? `${pathname}?${cleanQuery}` : pathname;
    const rewrite = () => {
      if (`${window.location.pathname}${window.location.search}` !== href) window.history.replaceState(null, "", href);
    };
    return afterHydration(rewrite);
  }, [issues, cleanQuery, pathname]);
  if (issues.length === 0) return null;
  return (
    <div role="status" data-testid="param-notice" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      <p className="font-medium">{issues.length === 1 ? "One setting in the address could not be used:" : `${issues.length} settings in the address could not be used:`}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {issues.map((issue) => (
          <li key={`${issue.param}|${issue.value}`}>{issueSentence(issue)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Runs `task` once the page has loaded and the main thread is idle, i.e. once every part of the page has hydrated.
 * The rewrite changes useSearchParams: a part still waiting for its code (late on a loaded machine) would then
 * hydrate against the new address instead of the one the server rendered — React's error #418, seen in CI.
 * Returns the cleanup.
 */
function afterHydration(task: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    // Safari has no requestIdleCallback: a task after the load event is the best it offers.
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(task);
    else timer = setTimeout(task, 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
