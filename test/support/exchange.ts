/**
 * Integration-test helpers: a real sandbox exchange on an ephemeral port, our
 * client pointed at it, and a raw signed request for tests that must bypass
 * the client's own checks.
 */
import { startSandbox, type RunningSandbox, type SandboxOptions } from "../../lib/sandbox";
import { WeightBudget } from "../../lib/weex/budget";
import { WeexClient, type WeexClientOptions } from "../../lib/weex/client";
import { sign } from "../../lib/weex/sign";

export type KeyKind = "affiliate" | "plain" | "readonly";

/** Small by default so tests start fast; tests that need scale ask for it. */
export const TEST_SANDBOX: Partial<SandboxOptions> = { seed: 7, invitees: 300, days: 120, subAffiliates: 6 };

export async function startTestSandbox(overrides: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  return startSandbox({ ...TEST_SANDBOX, ...overrides });
}

export function keyOf(sandbox: RunningSandbox, kind: KeyKind = "affiliate"): string {
  const key = sandbox.options.apiKey;
  return kind === "affiliate" ? key : `${key}-${kind}`;
}

export function clientFor(sandbox: RunningSandbox, kind: KeyKind = "affiliate", options: Partial<WeexClientOptions> = {}): WeexClient {
  return new WeexClient({
    spotBaseUrl: sandbox.url,
    contractBaseUrl: sandbox.url,
    credentials: { apiKey: keyOf(sandbox, kind), secret: sandbox.options.secret, passphrase: sandbox.options.passphrase },
    budget: new WeightBudget({ ipLimit: sandbox.options.budget, uidLimit: sandbox.options.budget, windowMs: sandbox.options.windowMs }),
    backoffBaseMs: 10,
    ...options,
  });
}

export interface RawRequest {
  method: "GET" | "POST" | "DELETE";
  path: string;
  query?: string;
  body?: string;
  /** Header overrides; `undefined` removes a header. */
  headers?: Record<string, string | undefined>;
  key?: string;
  secret?: string;
  passphrase?: string;
  timestamp?: number;
  /** Sign these bytes instead of the ones sent (to tamper). */
  signQuery?: string;
  signBody?: string;
}

export interface RawResponse {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** A signed request built by hand, exactly as the addendum describes, with knobs to break each part. */
export async function rawRequest(sandbox: RunningSandbox, r: RawRequest): Promise<RawResponse> {
  const timestamp = String(r.timestamp ?? sandbox.options.now());
  const query = r.query ?? "";
  const body = r.body ?? (r.method === "GET" ? "" : "{}");
  const signature = sign(r.secret ?? sandbox.options.secret, {
    timestamp,
    method: r.method,
    path: r.path,
    query: r.signQuery ?? query,
    body: r.signBody ?? body,
  });
  const headers: Record<string, string | undefined> = {
    "ACCESS-KEY": r.key ?? sandbox.options.apiKey,
    "ACCESS-SIGN": signature,
    "ACCESS-PASSPHRASE": r.passphrase ?? sandbox.options.passphrase,
    "ACCESS-TIMESTAMP": timestamp,
    ...(r.method !== "GET" ? { "Content-Type": "application/json" } : {}),
    ...r.headers,
  };
  const sent = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  const res = await fetch(`${sandbox.url}${r.path}${query ? `?${query}` : ""}`, {
    method: r.method,
    headers: sent,
    ...(r.method !== "GET" ? { body } : {}),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}
