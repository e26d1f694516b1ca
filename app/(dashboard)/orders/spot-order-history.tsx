"use client";

/** One symbol's spot order history over a UTC day range, a page at a time (URL state `sym`, `from`, `to`, `limit`, `page`). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { exchangeGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { HISTORY_LIMITS, historyRequest, type OrdersState } from "./search-params";
import { SpotOrdersTable } from "./spot-orders-table";

/** Uncontrolled (the form applies on submit); a symbol from the URL that the exchange does not list is kept as an option. */
function SymbolSelect({ id, name, value, symbols }: { id: string; name: string; value: string; symbols: string[] }) {
  const options = symbols.includes(value) || value === "" ? symbols : [value, ...symbols];
  return (
    <select id={id} name={name} defaultValue={value} key={`${value}:${options.length}`} className={inputClass}>
      {options.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}

export function OrderHistory({ state, symbols, onChange }: { state: OrdersState; symbols: string[]; onChange: (patch: Partial<OrdersState>) => void }) {
  const id = useId();
  const request = historyRequest(state);
  const history = useQuery({
    queryKey: queryKeys.exchange.endpoint("spotAllOrders", request),
    queryFn: ({ signal }) => exchangeGet("spotAllOrders", request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const rows = history.data ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({
      sym: String(form.get("sym") ?? state.sym),
      from: String(form.get("from") ?? ""),
      to: String(form.get("to") ?? ""),
      limit: Number(form.get("limit") ?? state.limit),
      page: 1,
    });
  }

  return (
    <Panel title="Order history" meta={`${state.sym} · page ${state.page} · ${state.limit} per page`}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <Field label="Symbol" htmlFor={`${id}-sym`}>
          <SymbolSelect id={`${id}-sym`} name="sym" value={state.sym} symbols={symbols} />
        </Field>
        <Field label="From (UTC)" htmlFor={`${id}-from`}>
          <input id={`${id}-from`} name="from" type="date" defaultValue={state.from} className={inputClass} />
        </Field>
        <Field label="To (UTC)" htmlFor={`${id}-to`}>
          <input id={`${id}-to`} name="to" type="date" defaultValue={state.to} className={inputClass} />
        </Field>
        <PageSizeSelect id={`${id}-limit`} name="limit" label="Per page" sizes={HISTORY_LIMITS} value={state.limit} />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
      <QueryTable
        query={history}
        errorTitle="The order history could not be loaded"
        loading={{ rows: 6, columns: 8, label: "Loading order history" }}
        empty={{ when: (orders) => orders.length === 0, title: "No orders on this page", description: "No orders of this symbol match the range on this page." }}
        busyWhileFetching
      >
        {(orders) => <SpotOrdersTable label="Order history" orders={orders} />}
      </QueryTable>
      <nav aria-label="Order history pages" className="flex flex-wrap items-center justify-end gap-2 px-4 py-3">
        <Button variant="secondary" size="sm" disabled={state.page <= 1 || history.isFetching} onClick={() => onChange({ page: state.page - 1 })}>
          Previous page
        </Button>
        <Button variant="secondary" size="sm" disabled={rows.length < state.limit || history.isFetching} onClick={() => onChange({ page: state.page + 1 })}>
          Next page
        </Button>
      </nav>
    </Panel>
  );
}
