"use client";

/**
 * The contract orders placed through the app on this connection (every stored
 * intent, newest first): each order's status asked of the exchange (get order),
 * its take-profit / stop-loss orders from the conditional history, and cancel
 * one or several (batch cancel, each element's own result). Positions are not
 * part of the interface, and the page says so here, where a trader looks for them.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { focusRing } from "@/components/ui/focus";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { ApiClientError, apiGet, apiPost, exchangeGet } from "@/lib/api-client";
import { EMPTY_VALUE, formatDecimal } from "@/lib/format/decimal";
import { countOf } from "@/lib/format/plural";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { CancelAnswer, ContractIntentsAnswer } from "@/lib/trading/answers";
import { CANCEL_MAX, CancelOrders, CancelResults } from "./contract-batch-cancel";
import { ContractOrderLookup } from "./contract-order-lookup";
import { orderSentence, statusWords } from "./contract-words";
import { Notice } from "./form-bits";

const LIST_LIMIT = 50;
type Algo = NonNullable<Awaited<ReturnType<typeof fetchAlgos>>>["orders"][number];

function fetchAlgos(signal: AbortSignal) {
  return exchangeGet("allAlgoOrders", { limit: 500 }, { signal });
}

const toneClass = {
  ok: "text-emerald-700 dark:text-emerald-300",
  info: "text-slate-900 dark:text-slate-100",
  warn: "text-amber-800 dark:text-amber-200",
  error: "text-red-700 dark:text-red-300",
};

/** The order's status as the exchange tells it now. */
function LiveStatus({ orderId }: { orderId: string }) {
  const order = useQuery({
    queryKey: queryKeys.exchange.endpoint("contractGetOrder", { orderId }),
    queryFn: ({ signal }) => exchangeGet("contractGetOrder", { orderId }, { signal }),
    staleTime: 2_000,
  });
  if (order.isError) return <span className="text-red-700 dark:text-red-300">Not read: {order.error instanceof ApiClientError ? order.error.msg : "the exchange did not answer"}</span>;
  if (!order.data) return <span className="text-slate-600 dark:text-slate-400">Asking the exchange…</span>;
  const words = statusWords(order.data);
  return <span className={toneClass[words.tone]}>{words.text}</span>;
}

/** The TP/SL orders of a parent order: the sandbox names attached plans tp_<orderId> / sl_<orderId>. */
function children(algos: Algo[] | undefined, orderId: string): Algo[] {
  return (algos ?? []).filter((a) => a.clientAlgoId === `tp_${orderId}` || a.clientAlgoId === `sl_${orderId}`);
}

function algoWords(a: Algo): string {
  const kind = a.clientAlgoId.startsWith("tp_") ? "Take profit" : "Stop loss";
  const status = a.algoStatus === "TRIGGERED" ? `triggered${a.actualPrice && a.actualPrice !== "0" ? `, filled at ${formatDecimal(a.actualPrice)}` : ""}` : a.algoStatus === "UNTRIGGERED" ? "waiting" : String(a.algoStatus).toLowerCase();
  return `${kind} ${formatDecimal(a.triggerPrice)}: ${status}`;
}

export function ContractOrders() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const intents = useQuery({
    queryKey: queryKeys.trading.intents(),
    queryFn: ({ signal }) => apiGet<ContractIntentsAnswer>("/api/orders/contract/intents", { limit: LIST_LIMIT }, { signal }),
  });
  const algos = useQuery({ queryKey: queryKeys.exchange.endpoint("allAlgoOrders", { limit: 500 }), queryFn: ({ signal }) => fetchAlgos(signal), staleTime: 5_000 });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.trading.intents() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.exchange.all() });
  };
  const cancel = useMutation({
    mutationFn: (orderIdList: string[]) => apiPost<CancelAnswer>("/api/orders/contract/cancel", { orderIdList }),
    onSettled: () => {
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading.audit() });
      refresh();
    },
  });
  const rows = intents.data?.intents ?? [];
  const ids = [...selected];

  return (
    <>
      <Notice tone="info">
        <p>
          <strong>Positions are not part of the V3 interface</strong>: it has no position or contract account endpoint, so this page cannot show positions, margin or
          unrealised profit. It shows the orders placed through this app and what the exchange says of each.
        </p>
      </Notice>
      <Panel
        title="Contract orders placed through this app"
        meta={`The ${LIST_LIMIT} latest on this connection; each status asked of the exchange (get order)`}
        actions={
          <Button size="sm" variant="secondary" onClick={refresh}>
            Refresh statuses
          </Button>
        }
      >
        <div className="flex flex-col gap-3 p-4">
          {intents.isError ? <ErrorPanel title="The orders could not be read" error={intents.error} /> : null}
          {intents.isSuccess && rows.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No contract order has been placed through this app on this connection yet.</p> : null}
          {rows.length > 0 ? (
            <TableFrame label="Contract orders">
              <Table caption="Contract orders placed through this app, newest first">
                <THead>
                  <tr>
                    <Th>Select</Th>
                    <Th>Status</Th>
                    <Th>Placed (UTC)</Th>
                    <Th>Order</Th>
                    <Th>TP/SL</Th>
                    <Th>Order id</Th>
                    <Th>Client order id</Th>
                  </tr>
                </THead>
                <TBody>
                  {rows.map((row) => {
                    const orderId = row.orderId;
                    const tpsl = orderId ? children(algos.data?.orders, orderId) : [];
                    return (
                      <Tr key={row.idempotencyKey}>
                        <Td>
                          {orderId ? (
                            <input
                              type="checkbox"
                              aria-label={`Select order ${orderId}`}
                              checked={selected.has(orderId)}
                              onChange={(e) =>
                                setSelected((all) => {
                                  const next = new Set(all);
                                  if (e.target.checked) next.add(orderId);
                                  else next.delete(orderId);
                                  return next;
                                })
                              }
                              className={cn("size-4", focusRing)}
                            />
                          ) : null}
                        </Td>
                        <Td className="min-w-36">
                          {orderId ? (
                            <LiveStatus orderId={orderId} />
                          ) : row.state === "REJECTED" ? (
                            <span className="text-red-700 dark:text-red-300">Refused: {row.error?.msg ?? "by the exchange"}</span>
                          ) : (
                            <span className="text-amber-800 dark:text-amber-200">{row.state === "UNKNOWN" ? "Outcome unknown: check it with the exchange from the form" : "Being sent"}</span>
                          )}
                        </Td>
                        <Td className="whitespace-nowrap">{formatUtcMinute(row.createdAt)}</Td>
                        <Td className="min-w-64">{orderSentence(row.request, "USDT")}</Td>
                        <Td className="min-w-40">{tpsl.length ? tpsl.map((a) => <div key={a.algoId}>{algoWords(a)}</div>) : row.request.tpTriggerPrice || row.request.slTriggerPrice ? "set when filled" : EMPTY_VALUE}</Td>
                        <Td className="font-mono text-xs">{orderId ?? EMPTY_VALUE}</Td>
                        <Td className="font-mono text-xs">{row.clientOrderId}</Td>
                      </Tr>
                    );
                  })}
                </TBody>
              </Table>
            </TableFrame>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="primary" disabled={ids.length === 0 || ids.length > CANCEL_MAX || cancel.isPending} onClick={() => cancel.mutate(ids)}>
              {cancel.isPending ? "Cancelling…" : ids.length === 0 ? "Cancel selected orders" : `Cancel ${countOf(ids.length, "selected order")}`}
            </Button>
            {ids.length > CANCEL_MAX ? <span className="text-sm text-red-700 dark:text-red-300">At most {CANCEL_MAX} orders per batch.</span> : null}
          </div>
          {cancel.isError ? <ErrorPanel title="The orders were not cancelled" error={cancel.error} /> : null}
          {cancel.data ? <CancelResults results={cancel.data.results} /> : null}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            TP/SL: the conditional orders the exchange created for an order&apos;s take profit and stop loss once it filled (from the conditional order history).
          </p>
        </div>
      </Panel>
      <ContractOrderLookup />
      <CancelOrders />
    </>
  );
}
