/**
 * Reads an endpoint's parameters from the wire: the query string for GET, the
 * JSON body otherwise. Shared by the sandbox (what it received) and our proxy
 * (what a browser sent), so both read parameters the same way.
 */
import type { EndpointDef } from "./endpoints/define";
import { ERROR_CODES } from "./errors";
import { parseJson } from "./json";

export type WireParams = { ok: true; params: Record<string, unknown> } | { ok: false; code: number; msg: string };

export function paramsFromWire(endpoint: EndpointDef, query: string, body: string): WireParams {
  if (endpoint.paramsIn === "query") {
    const params: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(query)) if (!(k in params)) params[k] = v;
    return { ok: true, params };
  }
  if (body.trim() === "") return { ok: true, params: {} };
  let parsed: unknown;
  try {
    // Fractions as numbers, so a float sent where a decimal string belongs is refused, not silently accepted.
    parsed = parseJson(body, "number");
  } catch {
    return { ok: false, ...ERROR_CODES.INVALID_JSON };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, code: ERROR_CODES.INVALID_JSON.code, msg: "the body must be a JSON object" };
  }
  return { ok: true, params: parsed as Record<string, unknown> };
}
