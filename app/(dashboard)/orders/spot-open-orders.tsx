"use client";

/** The spot orders still working, across every symbol or one (URL state `open`). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, inputClass } from "@/components/ui/field";
import { RefreshIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { exchangeGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { OrdersState } from "./search-params";
import { SpotOrdersTable } from "./spot-orders-table";

export function OpenOrders({ state, symbols, onChange }: { state: OrdersState; symbols: string[]; onChange: (patch: Partial<OrdersState>) => void }) {
  const id = useId();
  const request = state.open ? { symbol: state.open } : {};
  const open = useQuery({
    queryKey: queryKeys.exchange.endpoint("spotOpenOrders", request),
    queryFn: ({ signal }) => exchangeGet("spotOpenOrders", request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const rows = open.data ?? [];
  return (
    <Panel
      title="Open orders"
      meta={open.data ? `${rows.length} open${state.open ? ` on ${state.open}` : " across every symbol"}` : "Spot orders still working"}
      actions={
        <Button variant="secondary" size="sm" onClick={() => void open.refetch()} disabled={open.isFetching}>
          <RefreshIcon className={cn("size-4", open.isFetching && "animate-spin")} />
          Refresh
        </Button>
      }
    >
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <Field label="Symbol" htmlFor={id}>
          <select id={id} value={state.open} onChange={(e) => onChange({ open: e.target.value })} className={inputClass}>
            <option value="">All symbols</option>
            {(symbols.includes(state.open) || !state.open ? symbols : [state.open, ...symbols]).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <QueryTable
        query={open}
        errorTitle="The open orders could not be loaded"
        loading={{ rows: 4, columns: 8, label: "Loading open orders" }}
        empty={{ when: (orders) => orders.length === 0, title: "No open orders", description: state.open ? `Nothing is working on ${state.open}.` : "Nothing is working on any symbol." }}
        busyWhileFetching
      >
        {(orders) => <SpotOrdersTable label="Open orders" orders={orders} />}
      </QueryTable>
    </Panel>
  );
}
