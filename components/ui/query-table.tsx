"use client";

import type { ReactNode } from "react";
import { useHydrated } from "@/components/providers/use-hydrated";
import { EmptyState } from "./empty-state";
import { ErrorPanel } from "./error-panel";
import { TableSkeleton } from "./skeleton";

/** The part of a react-query result the states need (a useQuery result fits as it is). */
export type QueryTableSource<T> = {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

export type QueryTableProps<T> = {
  query: QueryTableSource<T>;
  /** The skeleton while there is nothing to show yet. */
  loading: { rows: number; columns: number; label: string };
  /** What failed, in the user's words: "The open orders could not be loaded". */
  errorTitle?: string;
  /** Classes of the error panel (default: spaced inside a Panel). */
  errorClassName?: string;
  /** Keep the last data on screen when a refresh fails (the caller says so itself); default: show the error. */
  keepDataOnError?: boolean;
  /** Also show the skeleton while the data is fetched again (a lookup asked anew). */
  loadingWhileFetching?: boolean;
  /** When the answer has nothing to show, and how to say so. */
  empty?: { when: (data: T) => boolean; title: string; description?: ReactNode; icon?: ReactNode; action?: ReactNode };
  /** Mark the table busy while a newer answer is fetched (placeholder data on screen). */
  busyWhileFetching?: boolean;
  /**
   * The skeleton until the page has hydrated, as the server rendered it: for a query not read on the server whose key
   * another part (the header's) may fetch first (see useHydrated).
   */
  skeletonUntilHydrated?: boolean;
  /** The table of the data. */
  children: (data: T) => ReactNode;
};

/**
 * The four states of a table read through react-query, written once: the error
 * (with the server's code and a retry), the loading skeleton, the empty state,
 * and the table itself.
 */
export function QueryTable<T>({
  query,
  loading,
  errorTitle,
  errorClassName = "m-4",
  keepDataOnError = false,
  loadingWhileFetching = false,
  empty,
  busyWhileFetching = false,
  skeletonUntilHydrated = false,
  children,
}: QueryTableProps<T>) {
  const hydrated = useHydrated();
  if (skeletonUntilHydrated && !hydrated) return <TableSkeleton {...loading} />;
  const { data } = query;
  if (query.isError && (!keepDataOnError || data === undefined)) {
    return <ErrorPanel className={errorClassName} title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (data === undefined || (loadingWhileFetching && query.isFetching)) return <TableSkeleton {...loading} />;
  if (empty?.when(data)) {
    return <EmptyState className="m-4 border-0" headingLevel={3} title={empty.title} description={empty.description} icon={empty.icon} action={empty.action} />;
  }
  return busyWhileFetching ? <div aria-busy={query.isFetching}>{children(data)}</div> : <>{children(data)}</>;
}
