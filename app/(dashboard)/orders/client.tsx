"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { AlertIcon, RefreshIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/skeleton";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { Panel } from "@/components/ui/panel";
import { Field, inputClass } from "@/components/ui/field";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { ApiClientError, apiGet, apiPost, exchangeGet, isApiClientError } from "@/lib/api-client";
import { EMPTY_VALUE, formatDecimal } from "@/lib/format/decimal";
import { queryKeys } from "@/lib/query-keys";
import type { ResponseOf } from "@/lib/weex/endpoints";
import { ContractTrading } from "./trading";
import { HISTORY_LIMITS, historyRequest, parseOrdersParams, withOrdersState, type OrdersState } from "./search-params";

type SpotOrder = ResponseOf<"spotOpenOrders">[number];
type BatchResult = ResponseOf<"spotBatchOrders">["orderList"][number];
/** What /api/orders/spot-batch answers (lib/trading/orders.ts SpotBatchAnswer). */
type SpotBatchAnswer = { available: true; orderList: BatchResult[] } | { available: false; code: number; msg: string };
type Me = { id: string; email: string; name: string | null; role: string };

/** Spot batch placement answers this code while the exchange does not offer it. */
export const BATCH_UNAVAILABLE_CODE = -1150;
const BATCH_MAX = 10;

/** UTC "YYYY-MM-DD HH:mm:ss": the same text on the server and in the browser. */
function formatTime(ms: string | number | null | undefined): string {
  const n = typeof ms === "string" ? Number(ms) : ms;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return EMPTY_VALUE;
  return new Date(n).toISOString().slice(0, 19).replace("T", " ");
}

const STATUS_STYLE: Record<string, { label: string; className: string }> = {
  NEW: { label: "New", className: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800" },
  PARTIALLY_FILLED: {
    label: "Partially filled",
    className: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  },
  FILLED: { label: "Filled", className: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800" },
  CANCELED: { label: "Canceled", className: "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600" },
};

/** One look for every status; an unknown value is shown exactly as it came. */
export function StatusBadge({ status }: { status: string }) {
  const known = STATUS_STYLE[status];
  return (
    <span
      title={status}
      className={cn(
        "inline-flex rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        known?.className ?? "bg-violet-50 font-mono text-violet-900 ring-violet-200 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800",
      )}
    >
      {known?.label ?? status}
    </span>
  );
}




function useSymbols(): string[] {
  const info = useQuery({
    queryKey: queryKeys.markets.exchangeInfo(),
    queryFn: ({ signal }) => exchangeGet("exchangeInfo", undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  return (info.data?.symbols ?? []).map((s) => s.symbol).sort();
}

function SymbolSelect({ id, name, value, symbols, allowAll }: { id: string; name: string; value: string; symbols: string[]; allowAll: boolean }) {
  const options = symbols.includes(value) || value === "" ? symbols : [value, ...symbols];
  return (
    <select id={id} name={name} defaultValue={value} key={`${value}:${options.length}`} className={inputClass}>
      {allowAll ? <option value="">All symbols</option> : null}
      {options.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}

function OrdersTable({ label, orders }: { label: string; orders: readonly SpotOrder[] }) {
  return (
    <TableFrame label={label}>
      <Table caption={label}>
        <THead>
          <tr>
            <Th>Created (UTC)</Th>
            <Th>Symbol</Th>
            <Th>Order id</Th>
            <Th>Client order id</Th>
            <Th>Side</Th>
            <Th>Type</Th>
            <Th>TIF</Th>
            <Th align="right">Price</Th>
            <Th align="right">Quantity</Th>
            <Th align="right">Filled</Th>
            <Th align="right">Filled (quote)</Th>
            <Th>Status</Th>
            <Th>Updated (UTC)</Th>
          </tr>
        </THead>
        <TBody>
          {orders.map((o) => (
            <Tr key={o.orderId}>
              <Td className="tabular-nums">{formatTime(o.time)}</Td>
              <Td className="font-medium text-slate-900 dark:text-white">{o.symbol}</Td>
              <Td className="font-mono text-xs">{o.orderId}</Td>
              <Td className="font-mono text-xs">{o.clientOrderId || EMPTY_VALUE}</Td>
              <Td className={o.side === "BUY" ? "text-emerald-700 dark:text-emerald-300" : o.side === "SELL" ? "text-red-700 dark:text-red-300" : ""}>{o.side}</Td>
              <Td>{o.type}</Td>
              <Td>{o.timeInForce || EMPTY_VALUE}</Td>
              <Td numeric>{formatDecimal(o.price)}</Td>
              <Td numeric>{formatDecimal(o.origQty)}</Td>
              <Td numeric>{formatDecimal(o.executedQty)}</Td>
              <Td numeric>{formatDecimal(o.cummulativeQuoteQty)}</Td>
              <Td>
                <StatusBadge status={o.status} />
              </Td>
              <Td className="tabular-nums">{formatTime(o.updateTime)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}

export function OrdersView() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseOrdersParams(searchParams);
  const symbols = useSymbols();
  const me = useQuery({ queryKey: queryKeys.me(), queryFn: ({ signal }) => apiGet<Me>("/api/me", undefined, { signal }), staleTime: 60_000 });
  const canTrade = me.data?.role === "trader" || me.data?.role === "admin";

  function updateUrl(patch: Partial<OrdersState>) {
    const next = withOrdersState(window.location.search, patch).toString();
    window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
  }

  return (
    <div className="flex flex-col gap-6">
      <OpenOrders state={state} symbols={symbols} onChange={updateUrl} />
      <OrderHistory state={state} symbols={symbols} onChange={updateUrl} />
      <OrderLookup />
      <BatchPlacement symbols={symbols} canTrade={canTrade} roleKnown={me.isSuccess} />
      <ContractTrading role={me.data?.role} symbols={symbols} />
    </div>
  );
}

function OpenOrders({ state, symbols, onChange }: { state: OrdersState; symbols: string[]; onChange: (patch: Partial<OrdersState>) => void }) {
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
      {open.isError ? (
        <ErrorPanel className="m-4" title="The open orders could not be loaded" error={open.error} onRetry={() => void open.refetch()} retrying={open.isFetching} />
      ) : !open.data ? (
        <TableSkeleton rows={4} columns={8} label="Loading open orders" />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0" headingLevel={3} title="No open orders" description={state.open ? `Nothing is working on ${state.open}.` : "Nothing is working on any symbol."} />
      ) : (
        <div aria-busy={open.isFetching}>
          <OrdersTable label="Open orders" orders={rows} />
        </div>
      )}
    </Panel>
  );
}

function OrderHistory({ state, symbols, onChange }: { state: OrdersState; symbols: string[]; onChange: (patch: Partial<OrdersState>) => void }) {
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
          <SymbolSelect id={`${id}-sym`} name="sym" value={state.sym} symbols={symbols} allowAll={false} />
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
      {history.isError ? (
        <ErrorPanel className="m-4" title="The order history could not be loaded" error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : !history.data ? (
        <TableSkeleton rows={6} columns={8} label="Loading order history" />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0" headingLevel={3} title="No orders on this page" description="No orders of this symbol match the range on this page." />
      ) : (
        <div aria-busy={history.isFetching}>
          <OrdersTable label="Order history" orders={rows} />
        </div>
      )}
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

function OrderLookup() {
  const id = useId();
  const [lookup, setLookup] = useState<{ orderId: string } | { origClientOrderId: string } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const order = useQuery({
    queryKey: queryKeys.exchange.endpoint("spotGetOrder", lookup ?? {}),
    queryFn: ({ signal }) => exchangeGet("spotGetOrder", lookup ?? undefined, { signal }),
    enabled: lookup !== null,
    retry: false,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const kind = String(form.get("kind"));
    const value = String(form.get("value") ?? "").trim();
    if (kind === "orderId" && !/^\d{1,20}$/.test(value)) return setInvalid("An order id is a number of up to 20 digits.");
    if (kind !== "orderId" && !/^[A-Za-z0-9.:/_-]{1,36}$/.test(value)) {
      return setInvalid("A client order id is 1–36 letters, digits, or . : / _ -");
    }
    setInvalid(null);
    setLookup(kind === "orderId" ? { orderId: value } : { origClientOrderId: value });
  }

  return (
    <Panel title="Order details" meta="Look an order up by its order id or its client order id">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-4 py-3" noValidate>
        <Field label="Look up by" htmlFor={`${id}-kind`}>
          <select id={`${id}-kind`} name="kind" defaultValue="orderId" className={inputClass}>
            <option value="orderId">Order id</option>
            <option value="origClientOrderId">Client order id</option>
          </select>
        </Field>
        <Field label="Id" htmlFor={`${id}-value`}>
          <input id={`${id}-value`} name="value" required autoComplete="off" spellCheck={false} className={cn(inputClass, "w-64 font-mono")} aria-describedby={invalid ? `${id}-invalid` : undefined} />
        </Field>
        <Button type="submit" variant="secondary">
          Look up
        </Button>
      </form>
      {invalid ? (
        <p id={`${id}-invalid`} role="alert" className="px-4 pb-3 text-sm text-red-700 dark:text-red-300">
          {invalid}
        </p>
      ) : null}
      {lookup === null ? null : order.isError ? (
        <ErrorPanel
          className="m-4"
          title={isApiClientError(order.error) && order.error.code === -2200 ? "No such order" : "The order could not be looked up"}
          error={order.error}
        />
      ) : order.isFetching || !order.data ? (
        <TableSkeleton rows={1} columns={8} label="Looking the order up" />
      ) : (
        <OrdersTable label="Order details" orders={[order.data]} />
      )}
    </Panel>
  );
}

type DraftOrder = { side: string; type: string; timeInForce: string; quantity: string; price: string; newClientOrderId: string };
const emptyDraft = (): DraftOrder => ({ side: "BUY", type: "LIMIT", timeInForce: "GTC", quantity: "", price: "", newClientOrderId: "" });

function BatchPlacement({ symbols, canTrade, roleKnown }: { symbols: string[]; canTrade: boolean; roleKnown: boolean }) {
  const id = useId();
  const [symbol, setSymbol] = useState("BTCUSDT");
  const [drafts, setDrafts] = useState<DraftOrder[]>([emptyDraft()]);
  const [unavailable, setUnavailable] = useState(false);
  const place = useMutation({
    mutationFn: () =>
      apiPost<SpotBatchAnswer>("/api/orders/spot-batch", {
        symbol,
        orderList: drafts.map((d) => ({
          side: d.side as "BUY" | "SELL",
          type: d.type as "LIMIT" | "MARKET",
          ...(d.type === "LIMIT" ? { timeInForce: d.timeInForce as "GTC" | "IOC" | "FOK", price: d.price.trim() } : {}),
          quantity: d.quantity.trim(),
          ...(d.newClientOrderId.trim() ? { newClientOrderId: d.newClientOrderId.trim() } : {}),
        })),
      }),
    onSuccess: (answer) => {
      if (!answer.available) setUnavailable(true);
    },
    onError: (error) => {
      if (error instanceof ApiClientError && error.code === BATCH_UNAVAILABLE_CODE) setUnavailable(true);
    },
  });

  function update(index: number, patch: Partial<DraftOrder>) {
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  }

  const notice = (
    <div role="status" className="m-4 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100">
      <AlertIcon className="size-5 shrink-0" />
      <p>
        <strong>Spot batch placement is unavailable on the exchange today.</strong>{" "}
        {unavailable
          ? "This connection answered -1150 (request method not supported): no order was placed."
          : "The exchange documents the endpoint as not supported; a connection that answers it gets the form below, and an answer of -1150 means nothing was placed."}
      </p>
    </div>
  );

  if (!roleKnown) return null;
  if (!canTrade) {
    return (
      <Panel title="Spot batch placement">
        <p className="p-4 text-sm text-slate-600 dark:text-slate-400">Placing orders needs the trader role.</p>
      </Panel>
    );
  }

  return (
    <Panel title="Spot batch placement" meta={`Up to ${BATCH_MAX} orders of one symbol; each order succeeds or fails on its own`}>
      {notice}
      {unavailable ? (
        <div className="px-4 pb-4">
          <Button variant="secondary" size="sm" onClick={() => setUnavailable(false)}>
            Try again
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            place.mutate();
          }}
          className="flex flex-col gap-3 px-4 pb-4"
        >
          <Field label="Symbol" htmlFor={`${id}-symbol`}>
            <select id={`${id}-symbol`} value={symbol} onChange={(e) => setSymbol(e.target.value)} className={cn(inputClass, "w-40")}>
              {(symbols.length ? symbols : [symbol]).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <ol className="flex flex-col gap-2" aria-label="Orders of the batch">
            {drafts.map((d, i) => (
              <li key={i} className="flex flex-wrap items-end gap-2">
                <span className="w-6 pb-2 text-sm text-slate-600 dark:text-slate-400">{i + 1}.</span>
                <Field label="Side" htmlFor={`${id}-${i}-side`}>
                  <select id={`${id}-${i}-side`} value={d.side} onChange={(e) => update(i, { side: e.target.value })} className={inputClass}>
                    <option>BUY</option>
                    <option>SELL</option>
                  </select>
                </Field>
                <Field label="Type" htmlFor={`${id}-${i}-type`}>
                  <select id={`${id}-${i}-type`} value={d.type} onChange={(e) => update(i, { type: e.target.value })} className={inputClass}>
                    <option>LIMIT</option>
                    <option>MARKET</option>
                  </select>
                </Field>
                <Field label="Time in force" htmlFor={`${id}-${i}-tif`}>
                  <select id={`${id}-${i}-tif`} value={d.timeInForce} disabled={d.type !== "LIMIT"} onChange={(e) => update(i, { timeInForce: e.target.value })} className={inputClass}>
                    <option>GTC</option>
                    <option>IOC</option>
                    <option>FOK</option>
                  </select>
                </Field>
                <Field label="Quantity" htmlFor={`${id}-${i}-qty`}>
                  <input id={`${id}-${i}-qty`} required inputMode="decimal" value={d.quantity} onChange={(e) => update(i, { quantity: e.target.value })} className={cn(inputClass, "w-28")} />
                </Field>
                <Field label="Price" htmlFor={`${id}-${i}-price`}>
                  <input id={`${id}-${i}-price`} required={d.type === "LIMIT"} disabled={d.type !== "LIMIT"} inputMode="decimal" value={d.price} onChange={(e) => update(i, { price: e.target.value })} className={cn(inputClass, "w-28")} />
                </Field>
                <Field label="Client order id" htmlFor={`${id}-${i}-coid`}>
                  <input id={`${id}-${i}-coid`} value={d.newClientOrderId} maxLength={36} onChange={(e) => update(i, { newClientOrderId: e.target.value })} className={cn(inputClass, "w-40 font-mono")} />
                </Field>
                <Button variant="ghost" size="sm" disabled={drafts.length === 1} onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))} aria-label={`Remove order ${i + 1}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={drafts.length >= BATCH_MAX} onClick={() => setDrafts((all) => [...all, emptyDraft()])}>
              Add an order
            </Button>
            <Button type="submit" variant="primary" size="sm" disabled={place.isPending}>
              {place.isPending ? "Placing…" : `Place ${drafts.length} order${drafts.length === 1 ? "" : "s"}`}
            </Button>
          </div>
          {place.isError && !unavailable ? <ErrorPanel title="The batch was refused" error={place.error} /> : null}
          {place.data?.available ? <BatchResults results={place.data.orderList} /> : null}
        </form>
      )}
    </Panel>
  );
}

function BatchResults({ results }: { results: readonly BatchResult[] }) {
  return (
    <TableFrame label="Batch results">
      <Table caption="Result of each order of the batch">
        <THead>
          <tr>
            <Th>#</Th>
            <Th>Result</Th>
            <Th>Order id</Th>
            <Th>Client order id</Th>
            <Th>Error</Th>
          </tr>
        </THead>
        <TBody>
          {results.map((r, i) => (
            <Tr key={i}>
              <Td>{i + 1}</Td>
              <Td className={r.errorCode ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}>{r.errorCode ? "Refused" : "Placed"}</Td>
              <Td className="font-mono text-xs">{r.orderId ?? EMPTY_VALUE}</Td>
              <Td className="font-mono text-xs">{r.clientOrderId ?? EMPTY_VALUE}</Td>
              <Td>{r.errorCode ? `${r.errorCode}: ${r.errorMsg ?? ""}` : EMPTY_VALUE}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}
