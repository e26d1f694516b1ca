"use client";

/**
 * The confirmation step of the contract order form: what will be sent, with its
 * Idempotency-Key; then the outcome (placed, refused, unknown, pending) and the
 * safe next steps (retry the same intent, check with the exchange, start over).
 */
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { exchangeGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { IntentAnswer } from "@/lib/trading/answers";
import type { Intent, IntentSender } from "./contract-intent";
import { statusWords } from "./contract-words";
import { Notice } from "./form-bits";

/** The exact request before it is sent, then the intent's outcome and what can be done next. */
export function ConfirmIntent({
  intent,
  sentence,
  sender,
  onEdit,
  onStartOver,
}: {
  intent: Intent;
  /** The order in words (contract-words.ts orderSentence). */
  sentence: string;
  sender: IntentSender;
  onEdit: () => void;
  onStartOver: () => void;
}) {
  const { answer, send } = sender;
  const settled = answer?.state === "PLACED" || answer?.state === "REJECTED";
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 p-4 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{answer ? "Order" : "Confirm this order"}</h3>
      <p data-testid="order-sentence" className="text-base text-slate-900 dark:text-white">
        {sentence}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">The exact request</summary>
        <pre aria-label="Request to be sent" className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {JSON.stringify(intent.request, null, 2)}
        </pre>
      </details>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Idempotency key <code className="font-mono">{intent.key}</code>: every retry of this intent uses it, so the order is placed at most once.
      </p>
      <IntentOutcome answer={answer} />
      {send.isError ? <ErrorPanel title="The order could not be submitted" error={send.error} /> : null}
      <div className="flex flex-wrap gap-2">
        {answer === null ? (
          <>
            <Button variant="primary" disabled={send.isPending} onClick={() => send.mutate({ path: "/api/orders/contract", intent })}>
              {send.isPending ? "Placing…" : send.isError ? "Retry (same intent)" : "Place order"}
            </Button>
            <Button variant="secondary" disabled={send.isPending || send.isError} onClick={onEdit}>
              Edit
            </Button>
          </>
        ) : null}
        {answer?.state === "PENDING" ? (
          <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate({ path: "/api/orders/contract", intent })}>
            Check again
          </Button>
        ) : null}
        {answer?.state === "UNKNOWN" ? (
          <Button variant="primary" disabled={send.isPending} onClick={() => send.mutate({ path: "/api/orders/contract/probe", intent })}>
            {send.isPending ? "Checking…" : "Check with the exchange"}
          </Button>
        ) : null}
        {!settled && (send.isError || answer?.state === "UNKNOWN") ? (
          <Button variant="ghost" onClick={onStartOver}>
            Abandon this intent
          </Button>
        ) : null}
        {settled ? (
          <Button variant="secondary" onClick={onStartOver}>
            New order
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function IntentOutcome({ answer }: { answer: IntentAnswer | null }) {
  if (!answer) return null;
  switch (answer.state) {
    case "PLACED":
      return answer.orderId ? (
        <PlacedOutcome orderId={answer.orderId} clientOrderId={answer.clientOrderId} replayed={answer.replayed} />
      ) : (
        <Notice tone="ok">
          <p>
            <strong>Placed.</strong>{" "}
            The exchange refused the same client order id as a duplicate, which proves it already has order <code className="font-mono">{answer.clientOrderId}</code> (it does not
            tell its order id there).
            {answer.replayed ? " (answer from the stored intent; nothing was sent again)" : ""}
          </p>
        </Notice>
      );
    case "REJECTED":
      return (
        <Notice tone="error">
          <p>
            <strong>Refused by the exchange; nothing was placed.</strong> {answer.error ? `${answer.error.msg} (${answer.error.code})` : ""}
          </p>
        </Notice>
      );
    case "UNKNOWN":
      return (
        <Notice tone="warn">
          <p>
            <strong>Outcome unknown:</strong> the request went out but its answer was lost ({answer.error ? `${answer.error.code}: ${answer.error.msg}` : "no answer"}). It has not been sent
            again. <em>Check with the exchange</em> sends the same client order id once more: if the exchange has the order it refuses the duplicate (nothing new is placed); if the first
            request never arrived, this places the order now.
          </p>
        </Notice>
      );
    case "PENDING":
      return (
        <Notice tone="info">
          <p>This intent is being sent by another request; check again in a moment. Nothing more was sent.</p>
        </Notice>
      );
  }
}

/** What became of a placed order, asked of the exchange: filled (with its average price), resting, partially filled, cancelled. */
function PlacedOutcome({ orderId, clientOrderId, replayed }: { orderId: string; clientOrderId: string; replayed: boolean }) {
  const order = useQuery({
    queryKey: queryKeys.exchange.endpoint("contractGetOrder", { orderId }),
    queryFn: ({ signal }) => exchangeGet("contractGetOrder", { orderId }, { signal }),
    staleTime: 0,
  });
  const words = order.data ? statusWords(order.data) : null;
  return (
    <Notice tone={words?.tone ?? "ok"}>
      <p>
        <strong data-testid="placed-outcome">{words ? `Placed. ${words.text}.` : order.isError ? "Placed (its status could not be read)." : "Placed. Asking the exchange for its status…"}</strong>{" "}
        Order id <code className="font-mono">{orderId}</code>, client order id <code className="font-mono">{clientOrderId}</code>.
        {replayed ? " (answer from the stored intent; nothing was sent again)" : ""}
      </p>
    </Notice>
  );
}
