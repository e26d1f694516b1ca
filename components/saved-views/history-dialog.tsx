"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { SavedView, SavedViewLogEntry } from "@/lib/saved-views/types";

function HistoryList({ id }: { id: string }) {
  const log = useQuery({
    queryKey: queryKeys.savedViewLog(id),
    queryFn: ({ signal }) => apiGet<{ entries: SavedViewLogEntry[] }>(`/api/saved-views/${encodeURIComponent(id)}/log`, undefined, { signal }),
  });
  if (log.isPending) return <Skeleton className="mt-4 h-24 w-full" />;
  if (log.isError) return <ErrorPanel error={log.error} onRetry={() => void log.refetch()} />;
  return (
    <ol className="mt-4 space-y-2 text-sm" aria-label="Changes, newest first">
      {log.data.entries.map((e) => (
        <li key={e.id} className="break-words">
          {e.summary}
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {e.actorEmail} · {formatUtcMinute(e.at)} UTC
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A saved view's log: every change, who made it and when (read when opened: the dialog renders only while open). */
export function ViewHistoryDialog({ view }: { view: SavedView }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        History
      </Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={`History of “${view.name}”`}>
        <HistoryList id={view.id} />
      </Dialog>
    </>
  );
}
