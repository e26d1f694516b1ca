"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** How often the navigation asks for the count (alerts fire after sync runs, a minute apart by default). */
const REFRESH_MS = 30_000;

/**
 * The unacknowledged alerts beside "Alerts" in the navigation: a number to the
 * eye, ", 3 unacknowledged" to a screen reader (so the link reads "Alerts, 3
 * unacknowledged"); nothing at zero or while unknown.
 */
export function AlertsBadge() {
  const count = useQuery({
    queryKey: queryKeys.alerts.count(),
    queryFn: ({ signal }) => apiGet<{ unacknowledged: number }>("/api/alerts/count", undefined, { signal }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const n = count.data?.unacknowledged ?? 0;
  if (n === 0) return null;
  return (
    <span className="ml-auto" data-testid="alerts-badge">
      <span className="sr-only">, {n} unacknowledged</span>
      <span aria-hidden="true" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums dark:bg-red-500 dark:text-slate-950">
        {n > 99 ? "99+" : n}
      </span>
    </span>
  );
}
