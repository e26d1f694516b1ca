"use client";

/**
 * Take-profit / stop-loss conditional orders on a position (placeTpSlOrder),
 * through the audited trader route. Every rule of the endpoints table is checked
 * in the form before anything is sent, and so are the symbol's price and quantity rules
 * (lib/weex/symbol-rules.ts, as our server and the exchange check them); the clientAlgoId is generated per intent
 * and shown, and the exchange refuses a second order with the same one.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Panel } from "@/components/ui/panel";
import { apiPost } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { ENDPOINTS } from "@/lib/weex/endpoints";
import { checkOrderRules } from "@/lib/weex/symbol-rules";
import { useSymbolRules } from "./contract-order-reference";
import type { TpSlAnswer } from "@/lib/trading/answers";
import { Field, inputClass } from "@/components/ui/field";
import { newClientOrderId, Notice } from "./form-bits";


interface Draft {
  symbol: string;
  positionSide: "LONG" | "SHORT";
  planType: "TAKE_PROFIT" | "STOP_LOSS";
  triggerPrice: string;
  executePrice: string;
  quantity: string;
  triggerPriceType: "CONTRACT_PRICE" | "MARK_PRICE";
}

function requestOf(d: Draft, clientAlgoId: string): Record<string, string> {
  return {
    symbol: d.symbol,
    clientAlgoId,
    planType: d.planType,
    triggerPrice: d.triggerPrice.trim(),
    ...(d.executePrice.trim() ? { executePrice: d.executePrice.trim() } : {}),
    quantity: d.quantity.trim(),
    positionSide: d.positionSide,
    triggerPriceType: d.triggerPriceType,
  };
}

export function TpSlPanel({ symbols }: { symbols: string[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ symbol: symbols.includes("BTCUSDT") ? "BTCUSDT" : (symbols[0] ?? "BTCUSDT"), positionSide: "LONG", planType: "TAKE_PROFIT", triggerPrice: "", executePrice: "", quantity: "", triggerPriceType: "CONTRACT_PRICE" });
  const [clientAlgoId, setClientAlgoId] = useState(newClientOrderId);
  const request = requestOf(draft, clientAlgoId);
  // The endpoints table's own schema: the same rules the server and the exchange apply.
  const checked = ENDPOINTS.placeTpSlOrder.request.safeParse(request);
  const problems = new Map<string, string>();
  if (!checked.success) for (const issue of checked.error.issues) problems.set(String(issue.path[0] ?? ""), issue.message);
  const { rules } = useSymbolRules(draft.symbol);
  if (checked.success && rules) {
    // The closing side of the position, executed at market or at executePrice: no limit price ratio applies.
    const order = {
      side: draft.positionSide === "LONG" ? ("SELL" as const) : ("BUY" as const),
      type: "MARKET" as const,
      quantity: request.quantity ?? "",
      otherPrices: { triggerPrice: request.triggerPrice, executePrice: request.executePrice },
    };
    for (const p of checkOrderRules(order, rules)) if (!problems.has(p.field)) problems.set(p.field, `${p.msg} (the exchange refuses it with ${p.code})`);
  }
  const touched = draft.triggerPrice !== "" || draft.quantity !== "";
  const place = useMutation({
    mutationFn: () => apiPost<TpSlAnswer>("/api/orders/contract/tpsl", request),
    onSuccess: () => setClientAlgoId(newClientOrderId()),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading.audit() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.exchange.endpoint("allAlgoOrders") });
    },
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const select = (name: keyof Draft, label: string, options: readonly string[]) => (
    <Field label={label} htmlFor={`${id}-${name}`}>
      <select id={`${id}-${name}`} value={draft[name]} onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)} className={inputClass}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );
  const text = (name: "triggerPrice" | "executePrice" | "quantity", label: string, placeholder?: string) => (
    <Field label={label} htmlFor={`${id}-${name}`} error={touched ? problems.get(name) : undefined}>
      <input id={`${id}-${name}`} inputMode="decimal" value={draft[name]} placeholder={placeholder} onChange={(e) => set({ [name]: e.target.value })} className={cn(inputClass, "w-36 font-mono")} />
    </Field>
  );
  return (
    <Panel title="Take profit / stop loss on a position" meta="A conditional order that closes the position when its trigger price is reached">
      <div className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-end gap-3">
          {select("symbol", "Symbol", symbols.length ? symbols : ["BTCUSDT"])}
          {select("positionSide", "Position", ["LONG", "SHORT"])}
          {select("planType", "Plan", ["TAKE_PROFIT", "STOP_LOSS"])}
          {text("triggerPrice", "Trigger price")}
          {select("triggerPriceType", "Trigger on", ["CONTRACT_PRICE", "MARK_PRICE"])}
          {text("executePrice", "Execute price", "market")}
          {text("quantity", "Quantity")}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Client algo id <code className="font-mono">{clientAlgoId}</code>: sending it twice is refused by the exchange, so a retry never makes a second order.
        </p>
        <div>
          <Button variant="primary" disabled={problems.size > 0 || !rules || place.isPending} onClick={() => place.mutate()}>
            {place.isPending ? "Placing…" : "Place conditional order"}
          </Button>
        </div>
        {place.isError ? <ErrorPanel title="The conditional order was not placed" error={place.error} /> : null}
        {place.data
          ? place.data.results.map((r, i) =>
              r.success ? (
                <Notice key={i} tone="ok">
                  Placed: conditional order {r.orderId}.
                </Notice>
              ) : (
                <Notice key={i} tone="error">
                  Refused: {r.errorCode} {r.errorMessage}
                </Notice>
              ),
            )
          : null}
      </div>
    </Panel>
  );
}
