"use client";

/**
 * Contract trading on the Orders page (trader role; viewers and analysts see a notice):
 * place an order (validated in the form by the endpoints table's own schema, confirmed before
 * it is sent, with a client order id and an Idempotency-Key generated per intent), safe retries
 * and the duplicate-id probe for an outcome left unknown, TP/SL on a position, order lookup,
 * batch cancel with each element's result, conditional order history, and the trading audit
 * log for admins. Each panel is its own file.
 */
import { useState } from "react";
import { LockIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { AlgoHistory } from "./contract-algo-history";
import { CancelOrders } from "./contract-batch-cancel";
import type { PlacedOrder } from "./contract-intent";
import { PlaceOrder } from "./contract-order-form";
import { ContractOrderLookup } from "./contract-order-lookup";
import { TpSlPanel } from "./tpsl";
import { AuditLog } from "./trading-audit-log";

export function ContractTrading({ role, symbols }: { role: string | undefined; symbols: string[] }) {
  const [placed, setPlaced] = useState<PlacedOrder[]>([]);
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
