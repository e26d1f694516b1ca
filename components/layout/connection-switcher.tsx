"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { useHydrated } from "@/components/providers/use-hydrated";
import { apiGet, apiPost, isApiClientError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { ChevronDownIcon, PlugIcon } from "@/components/ui/icons";
import { MANAGED_OUTSIDE, optionLabel, optionTitle } from "@/lib/exchange/connection-words";
import type { ConnectionsAnswer } from "@/lib/exchange/types";

/**
 * Picks the exchange connection every live call goes through. Choosing one
 * sets the rd_connection cookie on the server, then refreshes server
 * components and drops cached exchange data of the previous account.
 */
export function ConnectionSwitcher({ className }: { className?: string }) {
  const selectId = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [refreshing, startTransition] = useTransition();

  const connections = useQuery({
    queryKey: queryKeys.connections.list(),
    queryFn: ({ signal }) => apiGet<ConnectionsAnswer>("/api/connections", undefined, { signal }),
    staleTime: 60_000,
  });

  const select = useMutation({
    mutationFn: (id: string) => apiPost<unknown>("/api/connections/select", { id }),
    onSuccess: async (_data, id) => {
      queryClient.setQueryData<ConnectionsAnswer>(queryKeys.connections.list(), (previous) =>
        previous ? { ...previous, selectedId: id } : previous,
      );
      // Exchange data belongs to the previous account: drop it rather than show it while refetching.
      await queryClient.resetQueries({ queryKey: queryKeys.exchange.all() });
      await queryClient.invalidateQueries();
      startTransition(() => router.refresh());
    },
  });

  // Not read on the server, and Settings → Connections shares the query (and may have it before this part, under the
  // header's Suspense, hydrates): until hydrated, render what the server did.
  const hydrated = useHydrated();
  const data = hydrated ? connections.data : undefined;
  const selected = data?.connections.find((c) => c.id === data.selectedId);
  const busy = select.isPending || refreshing;
  const problem = hydrated ? (connections.error ?? select.error) : null;

  return (
    <div className={cn("flex min-w-0 items-center gap-2", className)}>
      <label htmlFor={selectId} className="sr-only">
        Exchange connection
      </label>
      <div className="relative min-w-0 flex-1">
        <PlugIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
        <select
          id={selectId}
          value={data?.selectedId ?? ""}
          disabled={!data || busy || data.connections.length === 0}
          aria-describedby={problem ? `${selectId}-problem` : undefined}
          onChange={(event) => select.mutate(event.target.value)}
          className={cn(
            "h-9 w-full min-w-0 appearance-none truncate rounded-lg border border-slate-300 bg-white py-0 pr-8 pl-8 text-sm font-medium text-slate-800 shadow-xs ",
            "hover:border-slate-400 disabled:cursor-wait disabled:opacity-70",
            "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-slate-600",
            focusRing,
          )}
        >
          {!data ? <option value="">{hydrated && connections.isError ? "Connections unavailable" : "Loading connections…"}</option> : null}
          {data?.connections.length === 0 ? <option value="">No connection configured</option> : null}
          {data?.connections.map((connection) => (
            <option key={connection.id} value={connection.id} title={optionTitle(connection)}>
              {optionLabel(connection)}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
      </div>
      {selected?.readOnly ? (
        <span
          title={MANAGED_OUTSIDE.title}
          className="hidden rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700 2xl:inline dark:bg-slate-800 dark:text-slate-200"
        >
          {MANAGED_OUTSIDE.badge}
        </span>
      ) : null}
      {select.isError ? (
        <span role="alert" className="text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-300">
          Switch failed
        </span>
      ) : null}
      <span role="status" className="sr-only">
        {busy ? "Switching connection…" : ""}
      </span>
      {problem ? (
        <span id={`${selectId}-problem`} className="sr-only">
          {isApiClientError(problem) ? `${problem.msg} (code ${problem.code})` : "The connections could not be loaded."}
        </span>
      ) : null}
    </div>
  );
}
