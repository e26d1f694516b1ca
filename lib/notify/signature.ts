/**
 * The webhook signature, one definition for the sender and for receivers' docs
 * and tests:
 *
 *   X-Signature: sha256=<lower-case hex HMAC-SHA256(endpoint secret, raw request body)>
 *
 * The body is signed byte for byte as sent (UTF-8 JSON). Replay protection lives
 * inside what is signed: the body carries `delivery.id` (stable across retries:
 * de-duplicate on it) and `delivery.timestamp` (ISO time of this attempt: refuse
 * bodies older than a few minutes). X-Delivery-Id and X-Delivery-Timestamp repeat
 * them as headers for convenience; trust the signed body's copies.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";
export const DELIVERY_ID_HEADER = "X-Delivery-Id";
export const TIMESTAMP_HEADER = "X-Delivery-Timestamp";

export function signBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifySignature(secret: string, rawBody: string, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
