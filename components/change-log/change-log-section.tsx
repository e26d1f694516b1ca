"use client";

/**
 * One log on the Change log page (annotations or campaign costs), newest first: when (UTC), who, what, the note or
 * cost it concerns and an edit's fields before → after; "Older changes" reads the next page. Not cached across
 * visits: a log is read to see the latest.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet, errorWords } from "@/lib/api-client";
import type { ChangeLogKind } from "@/lib/change-log/inputs";
import { ACTION_WORDS, fieldChangeWords, type ChangeLogEntry, type ChangeLogPage } from "@/lib/change-log/types";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";

function EntryItem({ entry }: { entry: ChangeLogEntry }) {
  return (
    <li className="px-4 py-2 text-sm" data-change={entry.id}>
      <div className="text-xs text-slate-600 dark:text-slate-400">
        <time dateTime={new Date(entry.at).toISOString()}>{formatUtcMinute(entry.at)} UTC</time> · <span className="break-all">{entry.byEmail}</span>
      </div>
      <p className="break-words text-slate-900 dark:text-slate-100">
        <span className="font-medium">{ACTION_WORDS[entry.action]}</span> {entry.concerns}
      </p>
      {entry.changes.length > 0 ? (
        <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
          {entry.changes.map((change) => (
            <li key={change.field} className="break-words">
              {fieldChangeWords(change)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ChangeLogSection({ kind, title, titleId, empty }: { kind: ChangeLogKind; title: string; titleId: string; empty: string }) {
  const log = useInfiniteQuery({
    queryKey: queryKeys.changeLog(kind),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => apiGet<ChangeLogPage>("/api/change-log", { kind, before: pageParam }, { signal }),
    getNextPageParam: (last) => last.older ?? undefined,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Panel title={title} titleId={titleId} meta="Newest first, times in UTC.">
      {log.isPending ? <Skeleton className="mx-4 my-3 h-16" /> : null}
      {log.isError && !log.data ? <ErrorPanel error={log.error} onRetry={() => void log.refetch()} /> : null}
      {log.isSuccess && entries.length === 0 ? <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-400">{empty}</p> : null}
      {entries.length > 0 ? (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={`${title}, newest first`}>
          {entries.map((entry) => (
            <EntryItem key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : null}
      {log.hasNextPage ? (
        <div className="border-t border-slate-200 px-4 py-2 dark:border-slate-800">
          <Button size="sm" variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {log.isFetchingNextPage ? "Reading…" : "Older changes"}
          </Button>
          {log.isFetchNextPageError ? <span role="alert" className="ml-2 text-sm text-red-700 dark:text-red-300">{errorWords(log.error, "The older changes could not be read.")}</span> : null}
        </div>
      ) : null}
    </Panel>
  );
}
