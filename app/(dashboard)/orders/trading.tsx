"use client";

/**
 * Contract trading on the Orders page (trader role; viewers and analysts see a notice):
 * place an order (validated in the form by the endpoints table's own schema, confirmed before
 * it is sent, with a client order id and an Idempotency-Key generated per intent), safe retries
 * and the duplicate-id probe for an outcome left unknown, batch cancel with each element's result,
 * conditional order history, and the trading audit log for admins.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { focusRing } from "@/components/ui/focus";
import { LockIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/skeleton";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { Panel } from "@/components/ui/panel";
import { Field, inputClass } from "@/components/ui/field";
import { newClientOrderId, Notice, randomHex } from "./form-bits";
import { TpSlPanel } from "./tpsl";
import { ApiClientError, apiGet, apiPost, exchangeGet } from "@/lib/api-client";
import { EMPTY_VALUE, formatDecimal } from "@/lib/format/decimal";
import { queryKeys } from "@/lib/query-keys";
import { ENDPOINTS, type ResponseOf } from "@/lib/weex/endpoints";

const CANCEL_MAX = 10;
/** The audit log's key, under the factory's root; refreshed after every trading action. */
const AUDIT_KEY = queryKeys.trading.audit();
const WORKING_TYPES = ["CONTRACT_PRICE", "MARK_PRICE"] as const;

type IntentState = "PENDING" | "PLACED" | "REJECTED" | "UNKNOWN";
type IntentAnswer = {
  idempotencyKey: string;
  clientOrderId: string;
  state: IntentState;
  orderId: string | null;
  error: { code: string | number; msg: string } | null;
  replayed: boolean;
  resolvedBy?: "duplicate-refusal" | "placed-by-probe";
};
type CancelResult = ResponseOf<"contractBatchCancel">[number];
type AlgoOrder = ResponseOf<"allAlgoOrders">["orders"][number];
type AuditEntry = { id: string; at: string; userEmail: string; connectionId: string; action: string; request: unknown; response: unknown };

function newIdempotencyKey(): string {
  return `rd-intent-${randomHex(16)}`;
}

function formatTime(ms: string | number | null | undefined): string {
  const n = typeof ms === "string" ? Number(ms) : ms;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return EMPTY_VALUE;
  return new Date(n).toISOString().slice(0, 19).replace("T", " ");
}

/** POST with an Idempotency-Key; 200 and 202 are answers, anything else an ApiClientError. */
async function postIntent(path: string, key: string, body?: unknown): Promise<IntentAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    // No answer at all: the intent may or may not have been stored and sent. Retrying with the same key is safe.
    throw new ApiClientError(0, "NETWORK_ERROR", "The server could not be reached. Retrying with the same intent is safe.");
  }
  const json = (await response.json().catch(() => null)) as (IntentAnswer & { code?: string | number; msg?: string }) | null;
  if (!response.ok || !json || typeof json.state !== "string") {
    throw new ApiClientError(response.status, json?.code ?? response.status, json?.msg ?? `Request failed with HTTP ${response.status}`);
  }
  return json;
}

export function ContractTrading({ role, symbols }: { role: string | undefined; symbols: string[] }) {
  const [placed, setPlaced] = useState<Array<{ orderId: string; clientOrderId: string; symbol: string }>>([]);
  if (role === undefined) return null;
  if (role !== "trader" && role !== "admin") {
    return (
      <Panel title="Contract trading">
        <div className="flex items-start gap-3 p-4 text-sm text-slate-700 dark:text-slate-300">
          <LockIcon className="size-5 shrink-0" />
          <p>Placing and cancelling contract orders needs the trader role. Ask an admin if you need it.</p>
        </div>
      </Panel>
    );
  }
  return (
    <>
      <PlaceOrder symbols={symbols} onPlaced={(o) => setPlaced((all) => [o, ...all.filter((x) => x.orderId !== o.orderId)])} />
      <TpSlPanel symbols={symbols} />
      <ContractOrderLookup />
      <CancelOrders placed={placed} />
      <AlgoHistory symbols={symbols} />
      {role === "admin" ? <AuditLog /> : null}
    </>
  );
}

type Draft = {
  symbol: string;
  side: string;
  positionSide: string;
  type: string;
  timeInForce: string;
  quantity: string;
  price: string;
  tpTriggerPrice: string;
  TpWorkingType: string;
  slTriggerPrice: string;
  SlWorkingType: string;
};

const emptyDraft: Draft = {
  symbol: "BTCUSDT",
  side: "BUY",
  positionSide: "LONG",
  type: "LIMIT",
  timeInForce: "GTC",
  quantity: "",
  price: "",
  tpTriggerPrice: "",
  TpWorkingType: "CONTRACT_PRICE",
  slTriggerPrice: "",
  SlWorkingType: "CONTRACT_PRICE",
};

/** The request a draft means: empty optional fields left out, LIMIT-only fields only for LIMIT. */
function requestOf(draft: Draft, clientOrderId: string): Record<string, string> {
  const out: Record<string, string> = {
    symbol: draft.symbol,
    side: draft.side,
    positionSide: draft.positionSide,
    type: draft.type,
    quantity: draft.quantity.trim(),
    newClientOrderId: clientOrderId,
  };
  if (draft.type === "LIMIT") {
    out.timeInForce = draft.timeInForce;
    if (draft.price.trim()) out.price = draft.price.trim();
  }
  if (draft.tpTriggerPrice.trim()) {
    out.tpTriggerPrice = draft.tpTriggerPrice.trim();
    out.TpWorkingType = draft.TpWorkingType;
  }
  if (draft.slTriggerPrice.trim()) {
    out.slTriggerPrice = draft.slTriggerPrice.trim();
    out.SlWorkingType = draft.SlWorkingType;
  }
  return out;
}

/** Every rule of the endpoints table, checked in the browser: field → message. */
function validate(request: Record<string, string>): Record<string, string> {
  const result = ENDPOINTS.contractPlaceOrder.request.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

type Intent = { key: string; clientOrderId: string; request: Record<string, string> };

function PlaceOrder({ symbols, onPlaced }: { symbols: string[]; onPlaced: (order: { orderId: string; clientOrderId: string; symbol: string }) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The intent under confirmation or sent: its key and client order id stay the same for every retry. */
  const [intent, setIntent] = useState<Intent | null>(null);
  const [answer, setAnswer] = useState<IntentAnswer | null>(null);

  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: ({ path, intent: i }: { path: string; intent: Intent }) => postIntent(path, i.key, path.endsWith("/probe") ? {} : i.request),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
    onSuccess: (result, { intent: i }) => {
      setAnswer(result);
      if (result.state === "PLACED" && result.orderId) onPlaced({ orderId: result.orderId, clientOrderId: result.clientOrderId, symbol: i.request.symbol ?? "" });
    },
  });

  const settled = answer?.state === "PLACED" || answer?.state === "REJECTED";
  const locked = intent !== null && !settled;

  function update(patch: Partial<Draft>) {
    setDraft((d) => ({ ...d, ...patch }));
  }

  function review() {
    const request = requestOf(draft, clientOrderId);
    const found = validate(request);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setAnswer(null);
    send.reset();
    setIntent({ key: newIdempotencyKey(), clientOrderId, request });
  }

  function startOver() {
    setIntent(null);
    setAnswer(null);
    send.reset();
    setClientOrderId(newClientOrderId());
  }

  const symbolOptions = symbols.length ? (symbols.includes(draft.symbol) ? symbols : [draft.symbol, ...symbols]) : [draft.symbol];
  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Panel title="Place a contract order" meta="Checked in the form, confirmed before it is sent, sent at most once">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
        className="flex flex-col gap-4 p-4"
      >
        <fieldset disabled={intent !== null} className="flex flex-wrap items-start gap-3">
          <legend className="sr-only">Order</legend>
          <Field label="Symbol" htmlFor={`${id}-symbol`} error={errors.symbol}>
            <select id={`${id}-symbol`} value={draft.symbol} onChange={(e) => update({ symbol: e.target.value })} className={inputClass}>
              {symbolOptions.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <Field label="Side" htmlFor={`${id}-side`} error={errors.side}>
            <select id={`${id}-side`} value={draft.side} onChange={(e) => update({ side: e.target.value })} className={inputClass}>
              <option>BUY</option>
              <option>SELL</option>
            </select>
          </Field>
          <Field label="Position side" htmlFor={`${id}-positionSide`} error={errors.positionSide}>
            <select id={`${id}-positionSide`} value={draft.positionSide} onChange={(e) => update({ positionSide: e.target.value })} className={inputClass}>
              <option>LONG</option>
              <option>SHORT</option>
            </select>
          </Field>
          <Field label="Type" htmlFor={`${id}-type`} error={errors.type}>
            <select id={`${id}-type`} value={draft.type} onChange={(e) => update({ type: e.target.value })} className={inputClass}>
              <option>LIMIT</option>
              <option>MARKET</option>
            </select>
          </Field>
          <Field label="Time in force" htmlFor={`${id}-timeInForce`} error={errors.timeInForce}>
            <select id={`${id}-timeInForce`} value={draft.timeInForce} disabled={draft.type !== "LIMIT"} onChange={(e) => update({ timeInForce: e.target.value })} className={inputClass}>
              <option>GTC</option>
              <option>IOC</option>
              <option>FOK</option>
            </select>
          </Field>
          <Field label="Quantity" htmlFor={`${id}-quantity`} error={errors.quantity}>
            <input
              id={`${id}-quantity`}
              inputMode="decimal"
              autoComplete="off"
              value={draft.quantity}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={describedBy("quantity")}
              onChange={(e) => update({ quantity: e.target.value })}
              className={cn(inputClass, "w-28")}
            />
          </Field>
          <Field label="Price" htmlFor={`${id}-price`} error={errors.price}>
            <input
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              value={draft.type === "LIMIT" ? draft.price : ""}
              disabled={draft.type !== "LIMIT"}
              placeholder={draft.type === "LIMIT" ? "" : "market"}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={describedBy("price")}
              onChange={(e) => update({ price: e.target.value })}
              className={cn(inputClass, "w-32")}
            />
          </Field>
        </fieldset>
        <fieldset disabled={intent !== null} className="flex flex-wrap items-start gap-3">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Take profit and stop loss (optional)</legend>
          <Field label="TP trigger price" htmlFor={`${id}-tpTriggerPrice`} error={errors.tpTriggerPrice}>
            <input
              id={`${id}-tpTriggerPrice`}
              inputMode="decimal"
              autoComplete="off"
              value={draft.tpTriggerPrice}
              aria-invalid={errors.tpTriggerPrice ? true : undefined}
              aria-describedby={describedBy("tpTriggerPrice")}
              onChange={(e) => update({ tpTriggerPrice: e.target.value })}
              className={cn(inputClass, "w-32")}
            />
          </Field>
          <Field label="TP working type" htmlFor={`${id}-TpWorkingType`} error={errors.TpWorkingType}>
            <select id={`${id}-TpWorkingType`} value={draft.TpWorkingType} onChange={(e) => update({ TpWorkingType: e.target.value })} className={inputClass}>
              {WORKING_TYPES.map((w) => (
                <option key={w}>{w}</option>
              ))}
            </select>
          </Field>
          <Field label="SL trigger price" htmlFor={`${id}-slTriggerPrice`} error={errors.slTriggerPrice}>
            <input
              id={`${id}-slTriggerPrice`}
              inputMode="decimal"
              autoComplete="off"
              value={draft.slTriggerPrice}
              aria-invalid={errors.slTriggerPrice ? true : undefined}
              aria-describedby={describedBy("slTriggerPrice")}
              onChange={(e) => update({ slTriggerPrice: e.target.value })}
              className={cn(inputClass, "w-32")}
            />
          </Field>
          <Field label="SL working type" htmlFor={`${id}-SlWorkingType`} error={errors.SlWorkingType}>
            <select id={`${id}-SlWorkingType`} value={draft.SlWorkingType} onChange={(e) => update({ SlWorkingType: e.target.value })} className={inputClass}>
              {WORKING_TYPES.map((w) => (
                <option key={w}>{w}</option>
              ))}
            </select>
          </Field>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-slate-600 dark:text-slate-400">Client order id</span>
          <code data-testid="client-order-id" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {clientOrderId}
          </code>
          <Button variant="ghost" size="sm" disabled={intent !== null} onClick={() => setClientOrderId(newClientOrderId())}>
            New id
          </Button>
          {errors.newClientOrderId ? <span className="text-red-700 dark:text-red-300">{errors.newClientOrderId}</span> : null}
        </div>
        {errors.form ? <p className="text-sm text-red-700 dark:text-red-300">{errors.form}</p> : null}
        {intent === null ? (
          <div>
            <Button type="submit" variant="primary">
              Review order
            </Button>
          </div>
        ) : null}
      </form>

      {intent !== null ? (
        <div className="flex flex-col gap-3 border-t border-slate-200 p-4 dark:border-slate-800">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{answer ? "Order intent" : "Confirm: this is what will be sent"}</h3>
          <pre aria-label="Request to be sent" className="overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {JSON.stringify(intent.request, null, 2)}
          </pre>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Idempotency key <code className="font-mono">{intent.key}</code>: every retry of this intent uses it, so the order is placed at most once.
          </p>
          <IntentOutcome answer={answer} />
          {send.isError ? <ErrorPanel title="The order could not be submitted" error={send.error} /> : null}
          <div className="flex flex-wrap gap-2">
            {answer === null ? (
              <>
                <Button variant="primary" disabled={send.isPending} onClick={() => send.mutate({ path: "/api/orders/contract", intent })}>
                  {send.isPending ? "Placing…" : send.isError ? "Retry (same intent)" : "Place order"}
                </Button>
                <Button variant="secondary" disabled={send.isPending || send.isError} onClick={() => setIntent(null)}>
                  Edit
                </Button>
              </>
            ) : null}
            {answer?.state === "PENDING" ? (
              <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate({ path: "/api/orders/contract", intent })}>
                Check again
              </Button>
            ) : null}
            {answer?.state === "UNKNOWN" ? (
              <Button variant="primary" disabled={send.isPending} onClick={() => send.mutate({ path: "/api/orders/contract/probe", intent })}>
                {send.isPending ? "Checking…" : "Check with the exchange"}
              </Button>
            ) : null}
            {locked && (send.isError || answer?.state === "UNKNOWN") ? (
              <Button variant="ghost" onClick={startOver}>
                Abandon this intent
              </Button>
            ) : null}
            {settled ? (
              <Button variant="secondary" onClick={startOver}>
                New order
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </Panel>
  );
}

function IntentOutcome({ answer }: { answer: IntentAnswer | null }) {
  if (!answer) return null;
  switch (answer.state) {
    case "PLACED":
      return (
        <Notice tone="ok">
          <p>
            <strong>Placed.</strong>{" "}
            {answer.orderId ? (
              <>
                Order id <code className="font-mono">{answer.orderId}</code>, client order id <code className="font-mono">{answer.clientOrderId}</code>.
              </>
            ) : (
              <>
                The exchange refused the same client order id as a duplicate, which proves it already has order <code className="font-mono">{answer.clientOrderId}</code> (it does not
                tell its order id there).
              </>
            )}
            {answer.replayed ? " (answer from the stored intent; nothing was sent again)" : ""}
          </p>
        </Notice>
      );
    case "REJECTED":
      return (
        <Notice tone="error">
          <p>
            <strong>Refused by the exchange; nothing was placed.</strong> {answer.error ? `${answer.error.code}: ${answer.error.msg}` : ""}
          </p>
        </Notice>
      );
    case "UNKNOWN":
      return (
        <Notice tone="warn">
          <p>
            <strong>Outcome unknown:</strong> the request went out but its answer was lost ({answer.error ? `${answer.error.code}: ${answer.error.msg}` : "no answer"}). It has not been sent
            again. <em>Check with the exchange</em> sends the same client order id once more: if the exchange has the order it refuses the duplicate (nothing new is placed); if the first
            request never arrived, this places the order now.
          </p>
        </Notice>
      );
    case "PENDING":
      return (
        <Notice tone="info">
          <p>This intent is being sent by another request; check again in a moment. Nothing more was sent.</p>
        </Notice>
      );
  }
}

function OrderStatus({ orderId }: { orderId: string }) {
  const order = useQuery({
    queryKey: queryKeys.exchange.endpoint("contractGetOrder", { orderId }),
    queryFn: ({ signal }) => exchangeGet("contractGetOrder", { orderId }, { signal }),
    staleTime: 2_000,
  });
  if (order.isError) return <span className="text-red-700 dark:text-red-300">{order.error instanceof ApiClientError ? order.error.msg : "not found"}</span>;
  if (!order.data) return <span className="text-slate-500 dark:text-slate-400">…</span>;
  return (
    <span>
      {order.data.status} · {order.data.type} {order.data.side} {formatDecimal(order.data.origQty)} @ {formatDecimal(order.data.price)}
    </span>
  );
}

/** Any contract order by its id: status, type, side, quantity, price, fills. */
function ContractOrderLookup() {
  const id = useId();
  const [text, setText] = useState("");
  const [orderId, setOrderId] = useState<string | null>(null);
  const valid = /^\d{1,20}$/.test(text.trim());
  const order = useQuery({
    queryKey: queryKeys.exchange.endpoint("contractGetOrder", { orderId: orderId ?? "" }),
    queryFn: ({ signal }) => exchangeGet("contractGetOrder", { orderId: orderId as string }, { signal }),
    enabled: orderId !== null,
    retry: false,
    staleTime: 0,
    refetchOnMount: "always",
  });
  return (
    <Panel title="Look up a contract order">
      <form
        className="flex flex-wrap items-end gap-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          // Asking again always asks the exchange again (an order's state changes).
          if (orderId === text.trim()) void order.refetch();
          else setOrderId(text.trim());
        }}
      >
        <Field label="Order id" htmlFor={`${id}-order`} error={text && !valid ? "an order id is a number" : undefined}>
          <input id={`${id}-order`} value={text} onChange={(e) => setText(e.target.value)} inputMode="numeric" className={cn(inputClass, "w-56 font-mono")} />
        </Field>
        <Button type="submit" disabled={!valid}>
          Find order
        </Button>
        {orderId !== null && order.isError ? (
          <p role="status" className="text-sm text-red-700 dark:text-red-300">
            {order.error instanceof ApiClientError ? `${order.error.code}: ${order.error.msg}` : "not found"}
          </p>
        ) : null}
        {order.data ? (
          <p role="status" className="text-sm">
            <span className="font-mono">{order.data.orderId}</span> {order.data.symbol} · {order.data.status} · {order.data.type} {order.data.side} {order.data.positionSide} ·{" "}
            {formatDecimal(order.data.executedQty)} of {formatDecimal(order.data.origQty)} filled @ {formatDecimal(order.data.avgPrice)} (limit {formatDecimal(order.data.price)})
          </p>
        ) : null}
      </form>
    </Panel>
  );
}

function CancelOrders({ placed }: { placed: Array<{ orderId: string; clientOrderId: string; symbol: string }> }) {
  const id = useId();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [extra, setExtra] = useState("");
  const [extraClient, setExtraClient] = useState("");
  const split = (text: string) =>
    text
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const extraIds = split(extra);
  const clientIds = [...new Set(split(extraClient))];
  const ids = [...new Set([...placed.map((p) => p.orderId).filter((o) => selected.has(o)), ...extraIds])];
  const invalid = extraIds.filter((x) => !/^\d{1,20}$/.test(x));
  const invalidClient = clientIds.filter((x) => !/^[A-Za-z0-9.:/_-]{1,36}$/.test(x));
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (batch: { orderIdList: string[]; origClientOrderIdList: string[] }) =>
      apiPost<{ results: CancelResult[] }>("/api/orders/contract/cancel", {
        ...(batch.orderIdList.length ? { orderIdList: batch.orderIdList } : {}),
        ...(batch.origClientOrderIdList.length ? { origClientOrderIdList: batch.origClientOrderIdList } : {}),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
      void queryClient.invalidateQueries({ queryKey: queryKeys.exchange.all() });
    },
  });

  // Retrying a batch sends only the elements that failed; the ones already cancelled are left alone.
  const failed = (cancel.data?.results ?? []).filter((r) => !r.success);
  const failedBatch = {
    orderIdList: failed.filter((r) => r.orderId !== "").map((r) => r.orderId),
    origClientOrderIdList: failed.filter((r) => r.orderId === "" && r.origClientOrderId !== "").map((r) => r.origClientOrderId),
  };
  return (
    <Panel title="Cancel contract orders" meta={`Up to ${CANCEL_MAX} orders in one batch; each succeeds or fails on its own`}>
      <div className="flex flex-col gap-3 p-4">
        {placed.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Orders you place here are listed for cancelling; other order ids can be typed below.</p>
        ) : (
          <TableFrame label="Orders placed here">
            <Table caption="Contract orders placed on this page">
              <THead>
                <tr>
                  <Th>Select</Th>
                  <Th>Order id</Th>
                  <Th>Client order id</Th>
                  <Th>Symbol</Th>
                  <Th>Status</Th>
                </tr>
              </THead>
              <TBody>
                {placed.map((p) => (
                  <Tr key={p.orderId}>
                    <Td>
                      <input
                        type="checkbox"
                        aria-label={`Select order ${p.orderId}`}
                        checked={selected.has(p.orderId)}
                        onChange={(e) =>
                          setSelected((all) => {
                            const next = new Set(all);
                            if (e.target.checked) next.add(p.orderId);
                            else next.delete(p.orderId);
                            return next;
                          })
                        }
                        className={cn("size-4", focusRing)}
                      />
                    </Td>
                    <Td className="font-mono text-xs">{p.orderId}</Td>
                    <Td className="font-mono text-xs">{p.clientOrderId}</Td>
                    <Td>{p.symbol}</Td>
                    <Td>
                      <OrderStatus orderId={p.orderId} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableFrame>
        )}
        <Field label="Other order ids (separated by spaces, commas or lines)" htmlFor={`${id}-extra`} error={invalid.length ? `Not an order id: ${invalid.join(", ")}` : undefined}>
          <textarea id={`${id}-extra`} rows={2} value={extra} onChange={(e) => setExtra(e.target.value)} className={cn(inputClass, "h-auto w-full max-w-xl py-2 font-mono")} />
        </Field>
        <Field label="Client order ids (separated by spaces, commas or lines)" htmlFor={`${id}-client`} error={invalidClient.length ? `Not a client order id: ${invalidClient.join(", ")}` : undefined}>
          <textarea id={`${id}-client`} rows={2} value={extraClient} onChange={(e) => setExtraClient(e.target.value)} className={cn(inputClass, "h-auto w-full max-w-xl py-2 font-mono")} />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="primary"
            disabled={ids.length + clientIds.length === 0 || ids.length > CANCEL_MAX || clientIds.length > CANCEL_MAX || invalid.length > 0 || invalidClient.length > 0 || cancel.isPending}
            onClick={() => cancel.mutate({ orderIdList: ids, origClientOrderIdList: clientIds })}
          >
            {cancel.isPending ? "Cancelling…" : `Cancel ${ids.length + clientIds.length} order${ids.length + clientIds.length === 1 ? "" : "s"}`}
          </Button>
          {ids.length > CANCEL_MAX || clientIds.length > CANCEL_MAX ? <span className="text-sm text-red-700 dark:text-red-300">At most {CANCEL_MAX} ids of each kind per batch.</span> : null}
          {failed.length > 0 && !cancel.isPending ? (
            <Button onClick={() => cancel.mutate(failedBatch)}>Retry the {failed.length} that failed</Button>
          ) : null}
        </div>
        {cancel.isError ? <ErrorPanel title="The batch was not cancelled" error={cancel.error} /> : null}
        {cancel.data ? (
          <TableFrame label="Cancel results">
            <Table caption="Result of each cancellation">
              <THead>
                <tr>
                  <Th>Order id</Th>
                  <Th>Result</Th>
                  <Th>Error</Th>
                </tr>
              </THead>
              <TBody>
                {cancel.data.results.map((r, i) => (
                  <Tr key={`${r.orderId}-${i}`}>
                    <Td className="font-mono text-xs">{r.orderId || r.origClientOrderId || EMPTY_VALUE}</Td>
                    <Td className={r.success ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}>{r.success ? "Cancelled" : "Failed"}</Td>
                    <Td>{r.success ? EMPTY_VALUE : `${r.errorCode}: ${r.errorMessage}`}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableFrame>
        ) : null}
      </div>
    </Panel>
  );
}

function AlgoHistory({ symbols }: { symbols: string[] }) {
  const id = useId();
  const [symbol, setSymbol] = useState("");
  /** Pages are walked backwards in time: each older page ends just before the oldest order shown. */
  const [cursors, setCursors] = useState<number[]>([]);
  const endTime = cursors[cursors.length - 1];
  const request = { ...(symbol ? { symbol } : {}), ...(endTime !== undefined ? { endTime } : {}), limit: 20 };
  const algos = useQuery({
    queryKey: queryKeys.exchange.endpoint("allAlgoOrders", request),
    queryFn: ({ signal }) => exchangeGet("allAlgoOrders", request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const rows: readonly AlgoOrder[] = algos.data?.orders ?? [];
  const oldest = rows[rows.length - 1];

  return (
    <Panel title="Conditional orders" meta={`TP/SL and plan orders, newest first${cursors.length ? ` · page ${cursors.length + 1}` : ""}`}>
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <Field label="Symbol" htmlFor={`${id}-symbol`}>
          <select
            id={`${id}-symbol`}
            value={symbol}
            onChange={(e) => {
              setSymbol(e.target.value);
              setCursors([]);
            }}
            className={inputClass}
          >
            <option value="">All symbols</option>
            {symbols.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
      </div>
      {algos.isError ? (
        <ErrorPanel className="m-4" title="The conditional orders could not be loaded" error={algos.error} onRetry={() => void algos.refetch()} />
      ) : !algos.data ? (
        <TableSkeleton rows={4} columns={8} label="Loading conditional orders" />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0" headingLevel={3} title="No conditional orders" description="None match on this page." />
      ) : (
        <TableFrame label="Conditional orders">
          <Table caption="Conditional orders">
            <THead>
              <tr>
                <Th>Created (UTC)</Th>
                <Th>Algo id</Th>
                <Th>Symbol</Th>
                <Th>Type</Th>
                <Th>Side</Th>
                <Th align="right">Quantity</Th>
                <Th align="right">Trigger</Th>
                <Th>Working type</Th>
                <Th>Status</Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((a) => (
                <Tr key={a.algoId}>
                  <Td className="tabular-nums">{formatTime(a.createTime)}</Td>
                  <Td className="font-mono text-xs">{a.algoId}</Td>
                  <Td>{a.symbol}</Td>
                  <Td>{a.orderType}</Td>
                  <Td>
                    {a.side} {a.positionSide}
                  </Td>
                  <Td numeric>{formatDecimal(a.quantity)}</Td>
                  <Td numeric>{formatDecimal(a.triggerPrice)}</Td>
                  <Td>{a.workingType}</Td>
                  <Td>{a.algoStatus}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableFrame>
      )}
      <nav aria-label="Conditional orders pages" className="flex justify-end gap-2 px-4 py-3">
        <Button variant="secondary" size="sm" disabled={cursors.length === 0 || algos.isFetching} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!algos.data?.hasMore || !oldest || algos.isFetching}
          onClick={() => oldest && setCursors((c) => [...c, Number(oldest.createTime) - 1])}
        >
          Older
        </Button>
      </nav>
    </Panel>
  );
}

function AuditLog() {
  const audit = useQuery({
    queryKey: AUDIT_KEY,
    queryFn: ({ signal }) => apiGet<{ entries: AuditEntry[] }>("/api/orders/audit", { limit: 50 }, { signal }),
    refetchInterval: 15_000,
  });
  const rows = audit.data?.entries ?? [];
  return (
    <Panel title="Trading audit log" meta="Admins only: every trading action, newest first (latest 50)">
      {audit.isError ? (
        <ErrorPanel className="m-4" title="The audit log could not be loaded" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : !audit.data ? (
        <TableSkeleton rows={3} columns={5} label="Loading the audit log" />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0" headingLevel={3} title="No trading actions yet" />
      ) : (
        <TableFrame label="Trading audit log">
          <Table caption="Trading audit log">
            <THead>
              <tr>
                <Th>When (UTC)</Th>
                <Th>Who</Th>
                <Th>Action</Th>
                <Th>Connection</Th>
                <Th>Request and answer</Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((e) => (
                <Tr key={e.id}>
                  <Td className="tabular-nums">{formatTime(Date.parse(e.at))}</Td>
                  <Td>{e.userEmail}</Td>
                  <Td className="font-mono text-xs">{e.action}</Td>
                  <Td className="font-mono text-xs">{e.connectionId}</Td>
                  <Td className="max-w-md whitespace-normal">
                    <details>
                      <summary className={cn("cursor-pointer rounded text-sm", focusRing)}>Details</summary>
                      <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
                        {JSON.stringify({ request: e.request, response: e.response }, null, 2)}
                      </pre>
                    </details>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableFrame>
      )}
    </Panel>
  );
}
