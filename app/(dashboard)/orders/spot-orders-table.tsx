/** The table of spot orders shared by open orders, history and the lookup. */
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { EMPTY_VALUE, formatDecimal } from "@/lib/format/decimal";
import { formatUtcTime } from "@/lib/format/time";
import type { ResponseOf } from "@/lib/weex/endpoints";
import { StatusBadge } from "./spot-status-badge";

export type SpotOrder = ResponseOf<"spotOpenOrders">[number];

export function SpotOrdersTable({ label, orders }: { label: string; orders: readonly SpotOrder[] }) {
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
              <Td className="tabular-nums">{formatUtcTime(o.time)}</Td>
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
              <Td className="tabular-nums">{formatUtcTime(o.updateTime)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}
