"use client";

import { useId } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useSavedViews } from "./use-saved-views";
import { ViewCard } from "./view-card";

/** The saved views the person sees, one card each with what can be done with it; above the share links. */
export function SavedViewsList() {
  const id = useId();
  const list = useSavedViews();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Saved views
        </h2>
      </div>
      {list.isPending ? (
        <Skeleton className="m-4 h-20" />
      ) : list.isError ? (
        <div className="p-4">
          <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
        </div>
      ) : list.data.views.length === 0 ? (
        <p className="p-4 text-sm text-slate-700 dark:text-slate-300" role="status">
          No saved views yet. Open an analytics page, set its filters, and choose Save view.
        </p>
      ) : (
        <ul aria-label="Saved views">
          {list.data.views.map((view) => (
            <ViewCard key={view.id} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}
