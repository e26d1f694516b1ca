"use client";

/**
 * The contract order form (trader role): every field checked in the browser by
 * the endpoints table's own schema and the symbol's rules (precision, tick, step,
 * size, limit price ratio against the spot reference price), the reference price
 * with the order's notional and estimated fees, a client order id generated per
 * order and shown, and a confirmation in words (the exact request expandable)
 * before anything is sent. Changing the symbol, side or position side clears
 * the take profit and stop loss: their prices belonged to the other order.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { checkOrderRules } from "@/lib/weex/symbol-rules";
import { newIdempotencyKey, useIntentSender, type Intent } from "./contract-intent";
import { ConfirmIntent } from "./contract-order-confirm";
import { WORKING_TYPES, emptyDraft, requestOf, validate, type Draft } from "./contract-order-draft";
import { OrderReference, useReferenceTicker, useSymbolRules } from "./contract-order-reference";
import { orderSentence } from "./contract-words";
import { newClientOrderId } from "./form-bits";

type DecimalField = "quantity" | "price" | "tpTriggerPrice" | "slTriggerPrice";

/** Fields whose change makes the take profit and stop loss meaningless. */
const MARKET_FIELDS = ["symbol", "side", "positionSide"] as const;

export function PlaceOrder({ symbols }: { symbols: string[] }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The intent under confirmation or sent: its key and client order id stay the same for every retry. */
  const [intent, setIntent] = useState<Intent | null>(null);
  const sender = useIntentSender();
  /** Said (politely, aria-live) when a change of symbol or side cleared the take profit and stop loss. */
  const [cleared, setCleared] = useState("");
  const ticker = useReferenceTicker(draft.symbol);
  const { rules, loaded: rulesLoaded } = useSymbolRules(draft.symbol);

  function update(patch: Partial<Draft>) {
    const changesMarket = MARKET_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== draft[f]);
    if (changesMarket && (draft.tpTriggerPrice || draft.slTriggerPrice)) {
      setCleared(`Take profit and stop loss cleared: they were set for ${draft.side} ${draft.symbol} ${draft.positionSide}.`);
      setDraft({ ...draft, ...patch, tpTriggerPrice: "", slTriggerPrice: "" });
      return;
    }
    if (changesMarket) setCleared("");
    setDraft({ ...draft, ...patch });
  }

  function review() {
    const request = requestOf(draft, clientOrderId);
    const found = validate(request);
    if (Object.keys(found).length === 0) {
      // The symbol's rules, as our server and the exchange check them: nothing is sent that they would refuse.
      if (!rules) {
        found.form = rulesLoaded ? `The exchange lists no rules for ${draft.symbol}.` : "The symbol's rules are still loading from the exchange; review again in a moment.";
      } else {
        const order = {
          side: request.side === "SELL" ? ("SELL" as const) : ("BUY" as const),
          type: request.type === "MARKET" ? ("MARKET" as const) : ("LIMIT" as const),
          quantity: request.quantity ?? "",
          price: request.price,
          otherPrices: { tpTriggerPrice: request.tpTriggerPrice, slTriggerPrice: request.slTriggerPrice },
        };
        for (const p of checkOrderRules(order, rules, ticker.data?.lastPrice)) found[p.field] ??= `${p.msg} (the exchange refuses it with ${p.code})`;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    sender.reset();
    setIntent({ key: newIdempotencyKey(), clientOrderId, request });
  }

  function startOver() {
    setIntent(null);
    sender.reset();
    setClientOrderId(newClientOrderId());
  }

  const symbolOptions = symbols.length ? (symbols.includes(draft.symbol) ? symbols : [draft.symbol, ...symbols]) : [draft.symbol];
  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  /** A decimal text field of the draft, with its error from the endpoints table's schema. */
  const decimalField = (field: DecimalField, label: string, width: string, overrides: { value?: string; disabled?: boolean; placeholder?: string } = {}) => (
    <Field label={label} htmlFor={`${id}-${field}`} error={errors[field]}>
      <input
        id={`${id}-${field}`}
        inputMode="decimal"
        autoComplete="off"
        value={draft[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(e) => update({ [field]: e.target.value })}
        className={cn(inputClass, width)}
        {...overrides}
      />
    </Field>
  );

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
          {decimalField("quantity", "Quantity", "w-28")}
          {decimalField("price", "Price", "w-32", { value: draft.type === "LIMIT" ? draft.price : "", disabled: draft.type !== "LIMIT", placeholder: draft.type === "LIMIT" ? "" : "market" })}
        </fieldset>
        <fieldset disabled={intent !== null} className="flex flex-wrap items-start gap-3">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Take profit and stop loss (optional)</legend>
          {decimalField("tpTriggerPrice", "TP trigger price", "w-32")}
          <Field label="TP working type" htmlFor={`${id}-TpWorkingType`} error={errors.TpWorkingType}>
            <select id={`${id}-TpWorkingType`} value={draft.TpWorkingType} onChange={(e) => update({ TpWorkingType: e.target.value })} className={inputClass}>
              {WORKING_TYPES.map((w) => (
                <option key={w}>{w}</option>
              ))}
            </select>
          </Field>
          {decimalField("slTriggerPrice", "SL trigger price", "w-32")}
          <Field label="SL working type" htmlFor={`${id}-SlWorkingType`} error={errors.SlWorkingType}>
            <select id={`${id}-SlWorkingType`} value={draft.SlWorkingType} onChange={(e) => update({ SlWorkingType: e.target.value })} className={inputClass}>
              {WORKING_TYPES.map((w) => (
                <option key={w}>{w}</option>
              ))}
            </select>
          </Field>
        </fieldset>
        <p aria-live="polite" className="text-sm text-amber-800 empty:hidden dark:text-amber-200">
          {cleared}
        </p>
        <OrderReference symbol={draft.symbol} type={draft.type} quantity={draft.quantity} price={draft.price} />
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
        <ConfirmIntent
          intent={intent}
          sentence={orderSentence(intent.request as Parameters<typeof orderSentence>[0], rules?.quoteAsset ?? "USDT", ticker.data?.lastPrice)}
          sender={sender}
          onEdit={() => setIntent(null)}
          onStartOver={startOver}
        />
      ) : null}
    </Panel>
  );
}
