"use client";

import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { CalendarIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import type { DigestView } from "@/lib/digests/view-types";
import { queryKeys } from "@/lib/query-keys";
import { DigestCard } from "./digest-card";

export function DigestsView() {
  const list = useQuery({ queryKey: queryKeys.digests.list(), queryFn: ({ signal }) => apiGet<{ digests: DigestView[] }>("/api/digests", undefined, { signal }) });
  if (list.isPending) return <Skeleton className="h-40 w-full" />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const digests = list.data.digests;
  if (digests.length === 0) {
    return (
      <EmptyState
        title="No digests yet"
        description="Open an analytics page, set its filters, and choose “Send this view on a schedule…” to have it mailed daily, weekly or monthly."
        icon={<CalendarIcon className="size-6" />}
      />
    );
  }
  return (
    <ul className="space-y-4" aria-label="Digests">
      {digests.map((d) => (
        <li key={d.id}>
          <DigestCard digest={d} />
        </li>
      ))}
    </ul>
  );
}
