"use client";

import { useQuery } from "@tanstack/react-query";
import { useHydrated } from "@/components/providers/use-hydrated";
import { apiGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { historyStartOf } from "@/lib/reports/coverage";
import type { SyncStatus } from "@/lib/sync/status";

/**
 * Where the synced history starts, under the custom range's inputs: days
 * before it can be picked, and the reports then mark them "not synced". Read
 * from the sync status (the Overview's sync panel shares the query) only while
 * the picker is open.
 */
export function HistoryStartNote({ id, enabled }: { id: string; enabled: boolean }) {
  const status = useQuery({
    queryKey: [...queryKeys.reports.all(), "sync-status"],
    queryFn: ({ signal }) => apiGet<SyncStatus>("/api/sync", undefined, { signal }),
    enabled,
    staleTime: 30_000,
  });
  // Always rendered (the From input names it in aria-describedby), and the sync panel shares the query: until hydrated,
  // render what the server did.
  const data = useHydrated() ? status.data : undefined;
  const start = data ? historyStartOf(data.reports) : undefined;
  return (
    <p id={id} className="mt-2 px-1 text-xs text-slate-600 tabular-nums empty:hidden dark:text-slate-400" data-history-start={start?.from ?? ""}>
      {start === undefined
        ? null
        : start === null
        ? "Nothing synced yet: every day shows as not synced until the sync reads it."
        : `Synced history starts ${start.from}${start.loading ? " (older days still loading)" : ""}; earlier days show as not synced.`}
    </p>
  );
}
