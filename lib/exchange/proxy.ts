/**
 * The signed proxy's core: a browser asks for one endpoint of the table with
 * its parameters; we check the role against the endpoint's category, validate
 * the parameters with the table's schema (nothing is signed or sent when they
 * are bad), call the exchange through the connection's shared client, and
 * answer JSON — ids as strings, refusals as `{code,msg}` with a fitting status.
 */
import "server-only";
import { hasRole, minimumRoleForCategory, type Role } from "../auth/roles";
import { ENDPOINTS, isEndpointId, type EndpointId } from "../weex/endpoints";
import { ERROR_CODES, isWeexError, WeexError } from "../weex/errors";
import { validateParams } from "../weex/validation";
import { paramsFromWire } from "../weex/wire-params";
import { pooledClient } from "./client-pool";
import { liveCallOptions } from "./settings";
import type { ResolvedConnection } from "./types";

export interface ProxyResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ProxyRequest {
  endpoint: string;
  method: string;
  /** Raw query string (GET) and body text (others), as the browser sent them. */
  query: string;
  body: string;
  role: Role;
  connection: ResolvedConnection;
}

const refusal = (status: number, code: number | string, msg: string, headers?: Record<string, string>): ProxyResult => ({
  status,
  body: { code, msg },
  ...(headers ? { headers } : {}),
});

/** The HTTP status our proxy answers for a failed exchange call. */
export function statusForError(error: WeexError): ProxyResult {
  const retryAfter = error.retryAfterMs !== undefined ? { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) } : undefined;
  switch (error.kind) {
    case "invalid-request":
      return refusal(400, error.code, error.msg);
    case "rate-limited":
      return refusal(429, error.code, error.msg, retryAfter);
    case "budget-queue-full":
      return refusal(503, error.code, error.msg, retryAfter ?? { "Retry-After": "1" });
    case "network":
      return refusal(error.msg.includes("timed out") ? 504 : 502, error.code, error.msg);
    case "invalid-response":
      return refusal(502, error.code, error.msg);
    case "refused": {
      const status = error.status ?? 502;
      // The exchange refusing our key is the connection's problem, not the signed-in user's session.
      if (status === 401 || status >= 500) return refusal(502, error.code, error.msg);
      return refusal(status, error.code, error.msg);
    }
  }
}

/** Browser-safe JSON: any bigint left in pass-through fields becomes a string. */
export function toBrowserJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

function cacheKey(connectionId: string, endpoint: EndpointId, params: unknown): string {
  return `${connectionId}|${endpoint}|${toBrowserJson(params)}`;
}

export async function proxyCall(req: ProxyRequest): Promise<ProxyResult> {
  if (!isEndpointId(req.endpoint)) return refusal(404, "NOT_FOUND", `no endpoint ${req.endpoint}`);
  const id = req.endpoint;
  const endpoint = ENDPOINTS[id];
  const expectedMethod = endpoint.method === "GET" ? "GET" : "POST";
  if (req.method !== expectedMethod && req.method !== endpoint.method) {
    return refusal(405, ERROR_CODES.METHOD_NOT_SUPPORTED.code, `${id} is called with ${expectedMethod}`);
  }
  const minimum = minimumRoleForCategory(endpoint.category);
  if (!hasRole(req.role, minimum)) return refusal(403, "FORBIDDEN", `${id} needs the ${minimum} role`);
  if (endpoint.category === "TRADE") {
    // Orders go through /api/orders/…: stored before they are sent, idempotent, audited. Never a bare passthrough.
    return refusal(405, "USE_ORDERS_API", `${id} is placed through /api/orders (idempotent and audited), not the generic proxy`);
  }

  const wire = paramsFromWire(endpoint, req.query, req.body);
  if (!wire.ok) return refusal(400, wire.code, wire.msg);
  const checked = validateParams(endpoint, wire.params);
  if (!checked.ok) return refusal(400, checked.code, checked.msg);

  const { client, reads } = pooledClient(req.connection);
  try {
    // A person is waiting: a short wait for the budget, then a fast 503 (the sync waits as long as it must).
    const call = () => client.call(id, checked.value as never, liveCallOptions());
    const body = endpoint.idempotent ? await reads.get(cacheKey(req.connection.id, id, checked.value), call) : await call();
    return { status: 200, body };
  } catch (error) {
    if (isWeexError(error)) return statusForError(error);
    throw error;
  }
}
