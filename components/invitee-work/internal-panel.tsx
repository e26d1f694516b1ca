"use client";

/**
 * A panel of the invitee page that is the team's own (work records, quality flags): read from its own route, hidden in
 * print, nothing shown for an invitee the warehouse does not hold (the report above already says so), a skeleton while
 * pending and the error with a retry. The body renders the answer.
 */
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiClientError } from "@/lib/api-client";

export function InternalPanel<T>(props: { query: UseQueryResult<T>; title: string; meta: string; errorTitle: string; children: (data: T) => ReactNode }) {
  const { query } = props;
  if (query.isError && isApiClientError(query.error) && query.error.status === 404) return null;
  return (
    <div className="print:hidden">
      <Panel title={props.title} meta={props.meta}>
        {query.isPending ? (
          <div className="p-4" aria-busy="true">
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError ? (
          <div className="p-4">
            <ErrorPanel error={query.error} title={props.errorTitle} onRetry={() => void query.refetch()} />
          </div>
        ) : (
          props.children(query.data)
        )}
      </Panel>
    </div>
  );
}
