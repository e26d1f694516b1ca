"use client";

/** Any contract order by its id, asked of the exchange again on every search (an order's state changes). */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { ApiClientError, exchangeGet } from "@/lib/api-client";
import { formatDecimal } from "@/lib/format/decimal";
import { queryKeys } from "@/lib/query-keys";

/** Any contract order by its id: status, type, side, quantity, price, fills. */
export function ContractOrderLookup() {
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
