/**
 * Builds the exact bytes of a request once: the query string (GET) or the
 * JSON body (POST/DELETE). The client signs and sends these same strings.
 */
import type { EndpointDef } from "./endpoints/define";
import { stringifyJson } from "./json";

export interface EncodedRequest {
  /** Query string without "?"; empty when none. */
  query: string;
  /** Body text; empty for GET. */
  body: string;
}

function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(queryValue).join(",");
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  throw new TypeError(`cannot put ${typeof value} in a query string`);
}

/** Renders validated parameters (defaults applied) for the wire. Absent (undefined) parameters are left out. */
export function encodeRequest(endpoint: EndpointDef, params: Record<string, unknown>): EncodedRequest {
  const present = Object.entries(params).filter(([, v]) => v !== undefined);
  if (endpoint.paramsIn === "body") {
    // With no parameters the body is `{}`, and `{}` is signed (addendum).
    return { query: "", body: stringifyJson(Object.fromEntries(present)) };
  }
  const query = present
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(queryValue(v))}`)
    .join("&");
  return { query, body: "" };
}
