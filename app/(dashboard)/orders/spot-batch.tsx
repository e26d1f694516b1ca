"use client";

/**
 * Spot batch placement (trader role): up to ten orders of one symbol, each
 * answered on its own. The exchange answers -1150 today; that is shown as a
 * notice, not as an error.
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Field, inputClass } from "@/components/ui/field";
import { AlertIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { ApiClientError, apiPost } from "@/lib/api-client";
import { EMPTY_VALUE } from "@/lib/format/decimal";
import { BATCH_UNAVAILABLE_CODE, type SpotBatchAnswer } from "@/lib/trading/answers";
import { countOf } from "@/lib/format/plural";

type BatchResult = Extract<SpotBatchAnswer, { available: true }>["orderList"][number];

const BATCH_MAX = 10;

type DraftOrder = { side: string; type: string; timeInForce: string; quantity: string; price: string; newClientOrderId: string };
const emptyDraft = (): DraftOrder => ({ side: "BUY", type: "LIMIT", timeInForce: "GTC", quantity: "", price: "", newClientOrderId: "" });

export function BatchPlacement({ symbols, canTrade, roleKnown }: { symbols: string[]; canTrade: boolean; roleKnown: boolean }) {
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
              {place.isPending ? "Placing…" : `Place ${countOf(drafts.length, "order")}`}
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
