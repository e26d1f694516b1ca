"use client";

/**
 * Batch cancel of contract orders typed by id (up to ten order ids and ten client order ids;
 * the orders placed through the app are cancelled from their list, contract-orders.tsx):
 * each element succeeds or fails on its own, and a retry sends only the failed ones.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { apiPost } from "@/lib/api-client";
import { EMPTY_VALUE } from "@/lib/format/decimal";
import { queryKeys } from "@/lib/query-keys";
import type { CancelAnswer } from "@/lib/trading/answers";
import { countOf } from "@/lib/format/plural";

export const CANCEL_MAX = 10;

export function CancelOrders() {
  const id = useId();
  const [extra, setExtra] = useState("");
  const [extraClient, setExtraClient] = useState("");
  const split = (text: string) =>
    text
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const extraIds = split(extra);
  const clientIds = [...new Set(split(extraClient))];
  const ids = [...new Set(extraIds)];
  const invalid = extraIds.filter((x) => !/^\d{1,20}$/.test(x));
  const invalidClient = clientIds.filter((x) => !/^[A-Za-z0-9.:/_-]{1,36}$/.test(x));
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (batch: { orderIdList: string[]; origClientOrderIdList: string[] }) =>
      apiPost<CancelAnswer>("/api/orders/contract/cancel", {
        ...(batch.orderIdList.length ? { orderIdList: batch.orderIdList } : {}),
        ...(batch.origClientOrderIdList.length ? { origClientOrderIdList: batch.origClientOrderIdList } : {}),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading.audit() });
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
    <Panel title="Cancel contract orders by id" meta={`Any order, by its id or client order id: up to ${CANCEL_MAX} of each in one batch; each succeeds or fails on its own`}>
      <div className="flex flex-col gap-3 p-4">
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
            {cancel.isPending ? "Cancelling…" : `Cancel ${countOf(ids.length + clientIds.length, "order")}`}
          </Button>
          {ids.length > CANCEL_MAX || clientIds.length > CANCEL_MAX ? <span className="text-sm text-red-700 dark:text-red-300">At most {CANCEL_MAX} ids of each kind per batch.</span> : null}
          {failed.length > 0 && !cancel.isPending ? (
            <Button onClick={() => cancel.mutate(failedBatch)}>Retry the {failed.length} that failed</Button>
          ) : null}
        </div>
        {cancel.isError ? <ErrorPanel title="The batch was not cancelled" error={cancel.error} /> : null}
        {cancel.data ? <CancelResults results={cancel.data.results} /> : null}
      </div>
    </Panel>
  );
}

/** Each cancellation's own result. */
export function CancelResults({ results }: { results: CancelAnswer["results"] }) {
  return (
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
          {results.map((r, i) => (
            <Tr key={`${r.orderId}-${i}`}>
              <Td className="font-mono text-xs">{r.orderId || r.origClientOrderId || EMPTY_VALUE}</Td>
              <Td className={r.success ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}>{r.success ? "Cancelled" : "Failed"}</Td>
              <Td>{r.success ? EMPTY_VALUE : `${r.errorCode}: ${r.errorMessage}`}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}
