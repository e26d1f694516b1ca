/**
 * Authenticates a signed request as the real exchange does: the four headers,
 * the timestamp window, the key, the passphrase, Content-Type on POST/DELETE,
 * and the HMAC over the exact bytes received.
 */
import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { verifySignature } from "../weex/sign";
import type { SandboxAccount } from "./accounts";
import { SandboxRefusal } from "./refusal";

export interface ReceivedRequest {
  method: string;
  path: string;
  /** Raw query string without "?", exactly as received. */
  query: string;
  /** Raw body exactly as received. */
  body: string;
  headers: IncomingHttpHeaders;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function authenticate(
  req: ReceivedRequest,
  accounts: readonly SandboxAccount[],
  now: number,
  toleranceMs: number,
): SandboxAccount {
  const key = header(req.headers, "ACCESS-KEY");
  const signature = header(req.headers, "ACCESS-SIGN");
  const timestamp = header(req.headers, "ACCESS-TIMESTAMP");
  const passphrase = header(req.headers, "ACCESS-PASSPHRASE");
  if (!key) throw new SandboxRefusal("KEY_MISSING", 401);
  if (!signature) throw new SandboxRefusal("SIGN_MISSING", 401);
  if (!timestamp) throw new SandboxRefusal("TIMESTAMP_MISSING", 401);
  if (!/^\d{1,16}$/.test(timestamp)) throw new SandboxRefusal("TIMESTAMP_INVALID", 401);
  if (Math.abs(now - Number(timestamp)) > toleranceMs) throw new SandboxRefusal("TIMESTAMP_EXPIRED", 401);
  const account = accounts.find((a) => a.apiKey === key);
  if (!account) throw new SandboxRefusal("KEY_INVALID", 401);
  if (passphrase !== account.passphrase) throw new SandboxRefusal("PASSPHRASE_INVALID", 401);
  if (req.method !== "GET") {
    const contentType = header(req.headers, "Content-Type") ?? "";
    if (!/^application\/json\b/i.test(contentType)) throw new SandboxRefusal("CONTENT_TYPE_INVALID", 400);
  }
  const ok = verifySignature(account.secret, { timestamp, method: req.method, path: req.path, query: req.query, body: req.body }, signature);
  if (!ok) throw new SandboxRefusal("SIGNATURE_INVALID", 401);
  return account;
}
