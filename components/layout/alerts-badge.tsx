"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** How often the navigation asks for the count (alerts fire after sync runs, a minute apart by default). */
const REFRESH_MS = 30_000;

/** Unacknowledged alerts the signed-in user sees on the connection (0 while unknown). */
export function useAlertsCount(): number {
  const count = useQuery({
    queryKey: queryKeys.alerts.count(),
    queryFn: ({ signal }) => apiGet<{ unacknowledged: number }>("/api/alerts/count", undefined, { signal }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  return count.data?.unacknowledged ?? 0;
}

/** The link's name with its count, "Alerts, 3 unacknowledged"; undefined at zero (the label alone). */
export function alertsLinkName(label: string, n: number): string | undefined {
  return n > 0 ? `${label}, ${n} unacknowledged` : undefined;
}

/** The count beside "Alerts" in the navigation, for the eye (the link's aria-label says it in words); nothing at zero. */
export function AlertsBadge({ n }: { n: number }) {
  if (n === 0) return null;
  return (
    <span aria-hidden="true" data-testid="alerts-badge" className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums dark:bg-red-500 dark:text-slate-950">
      {n > 99 ? "99+" : n}
    </span>
  );
}
