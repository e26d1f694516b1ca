"use client";

/** Conditional (TP/SL and plan) contract orders, newest first, paged backwards in time. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { exchangeGet } from "@/lib/api-client";
import { formatDecimal } from "@/lib/format/decimal";
import { formatUtcTime } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { ResponseOf } from "@/lib/weex/endpoints";

type AlgoOrder = ResponseOf<"allAlgoOrders">["orders"][number];

function AlgoTable({ rows }: { rows: readonly AlgoOrder[] }) {
  return (
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
              <Td className="tabular-nums">{formatUtcTime(a.createTime)}</Td>
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
  );
}

export function AlgoHistory({ symbols }: { symbols: string[] }) {
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
      <QueryTable
        query={algos}
        errorTitle="The conditional orders could not be loaded"
        loading={{ rows: 4, columns: 8, label: "Loading conditional orders" }}
        empty={{ when: (page) => page.orders.length === 0, title: "No conditional orders", description: "None match on this page." }}
      >
        {(page) => <AlgoTable rows={page.orders} />}
      </QueryTable>
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
