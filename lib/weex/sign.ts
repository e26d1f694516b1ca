/**
 * Request signing as the exchange does it (addendum, "Signing"):
 *   prehash     = timestamp + METHOD + requestPath [+ "?" + queryString] [+ body]
 *   ACCESS-SIGN = base64(HMAC-SHA256(secret, prehash))
 * The same function signs in the client and verifies in the sandbox, over the
 * exact bytes sent / received.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

export interface SignInput {
  timestamp: string;
  method: string;
  /** Literal path with its leading slash, e.g. `/api/v3/account/`. */
  path: string;
  /** Raw query string without the `?`, exactly as sent; empty for none. */
  query: string;
  /** Raw body exactly as sent; empty for none. */
  body: string;
}

export function prehash({ timestamp, method, path, query, body }: SignInput): string {
  return `${timestamp}${method.toUpperCase()}${path}${query ? `?${query}` : ""}${body}`;
}

export function sign(secret: string, input: SignInput): string {
  return createHmac("sha256", secret).update(prehash(input), "utf8").digest("base64");
}

/** Constant-time comparison of a received signature with the expected one. */
export function verifySignature(secret: string, input: SignInput, received: string): boolean {
  const expected = Buffer.from(sign(secret, input));
  const got = Buffer.from(received);
  return expected.length === got.length && timingSafeEqual(expected, got);
}
