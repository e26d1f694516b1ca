/**
 * Posts one webhook delivery: the message's JSON body with its Slack-compatible
 * `text`, and a `delivery` object (stable id, this attempt's time) — all signed
 * (signature.ts). Sent through the guarded fetch of exchange connections, so the
 * URL policy holds on every socket and redirects are not followed. A 2xx is
 * success; anything else, a network error or the timeout is a failed try.
 */
import "server-only";
import { guardedFetch } from "../exchange/guarded-fetch";
import type { Db } from "../db/client";
import type { DeliveryRow } from "../db/schema";
import { webhookMessageSchema } from "./outbox";
import { SendError } from "./send-error";
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from "./signature";
import { endpointCredentials, findWebhookEndpoint } from "./webhook-endpoints";


export async function sendWebhook(db: Db, delivery: DeliveryRow, options: { timeoutMs: number; now: Date }, secrets: string[]): Promise<void> {
  const target = delivery.target as { endpointId?: unknown };
  if (typeof target.endpointId !== "string") throw new SendError("the delivery names no webhook endpoint", true);
  const endpoint = await findWebhookEndpoint(db, target.endpointId);
  if (!endpoint) throw new SendError("the webhook endpoint was deleted", true);
  const { url, secret } = endpointCredentials(endpoint);
  secrets.push(url, secret);
  const message = webhookMessageSchema.parse(delivery.message);
  const timestamp = options.now.toISOString();
  const rawBody = JSON.stringify({ ...message.body, text: message.text, delivery: { id: delivery.id, timestamp } });
  let response: Response;
  try {
    response = await guardedFetch()(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "RebateDesk-Webhook/1",
        // One connection per delivery: deliveries to a receiver are minutes apart, and a kept-alive socket the receiver
        // closes just as it is reused fails the POST (ECONNRESET), a needless retry. Seen once in ten end-to-end runs.
        Connection: "close",
        [SIGNATURE_HEADER]: signBody(secret, rawBody),
        [DELIVERY_ID_HEADER]: delivery.id,
        [TIMESTAMP_HEADER]: timestamp,
      },
      body: rawBody,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "ConnectionUrlRefused") throw new SendError((error as Error).message, true);
    if (name === "TimeoutError" || name === "AbortError") throw new SendError(`no answer within ${options.timeoutMs} ms`);
    throw new SendError(`could not reach the endpoint: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status < 200 || response.status > 299) throw new SendError(`the endpoint answered HTTP ${response.status}`);
}
