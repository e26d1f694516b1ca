/**
 * Sending a contract order intent: the Idempotency-Key of an intent, the POST
 * that keeps 202 answers as answers, and the hook that holds the latest answer.
 * Every retry of one intent sends the same key, so the order is placed at most once.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { IntentAnswer } from "@/lib/trading/answers";
import { randomHex } from "./form-bits";

/** An order under confirmation or sent: its key and client order id stay the same for every retry. */
export type Intent = { key: string; clientOrderId: string; request: Record<string, string> };

/** An order placed from this page (listed for cancelling). */
export type PlacedOrder = { orderId: string; clientOrderId: string; symbol: string };

export function newIdempotencyKey(): string {
  return `rd-intent-${randomHex(16)}`;
}

/** POST with an Idempotency-Key; 200 and 202 are answers, anything else an ApiClientError. */
async function postIntent(path: string, key: string, body?: unknown): Promise<IntentAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    // No answer at all: the intent may or may not have been stored and sent. Retrying with the same key is safe.
    throw new ApiClientError(0, "NETWORK_ERROR", "The server could not be reached. Retrying with the same intent is safe.");
  }
  const json = (await response.json().catch(() => null)) as (IntentAnswer & { code?: string | number; msg?: string }) | null;
  if (!response.ok || !json || typeof json.state !== "string") {
    throw new ApiClientError(response.status, json?.code ?? response.status, json?.msg ?? `Request failed with HTTP ${response.status}`);
  }
  return json;
}

/** The place route, or the probe that resolves an UNKNOWN intent with the same client order id. */
export type IntentPath = "/api/orders/contract" | "/api/orders/contract/probe";

/** Sends intents and keeps the latest answer; a PLACED answer with an order id is reported to `onPlaced`. */
export function useIntentSender(onPlaced?: (order: PlacedOrder) => void) {
  const [answer, setAnswer] = useState<IntentAnswer | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: ({ path, intent }: { path: IntentPath; intent: Intent }) => postIntent(path, intent.key, path.endsWith("/probe") ? {} : intent.request),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading.audit() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading.intents() });
    },
    onSuccess: (result, { intent }) => {
      setAnswer(result);
      if (result.state === "PLACED" && result.orderId) onPlaced?.({ orderId: result.orderId, clientOrderId: result.clientOrderId, symbol: intent.request.symbol ?? "" });
    },
  });
  /** Forget the answer and any error: a new intent starts clean. */
  function reset() {
    setAnswer(null);
    send.reset();
  }
  return { answer, send, reset };
}

export type IntentSender = ReturnType<typeof useIntentSender>;
