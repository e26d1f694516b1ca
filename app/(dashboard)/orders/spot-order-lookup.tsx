"use client";

/** One spot order looked up by its order id or its client order id. */
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { exchangeGet, isApiClientError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { SpotOrdersTable } from "./spot-orders-table";

/** The exchange's code for an order it does not have. */
const NO_SUCH_ORDER = -2200;

export function OrderLookup() {
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
      {lookup === null ? null : (
        <QueryTable
          query={order}
          errorTitle={isApiClientError(order.error) && order.error.code === NO_SUCH_ORDER ? "No such order" : "The order could not be looked up"}
          loading={{ rows: 1, columns: 8, label: "Looking the order up" }}
          loadingWhileFetching
        >
          {(found) => <SpotOrdersTable label="Order details" orders={[found]} />}
        </QueryTable>
      )}
    </Panel>
  );
}
