/** Reads the parameters of a received request: the query string for GET, the JSON body otherwise. */
import type { EndpointDef } from "../weex/endpoints";
import { parseJson } from "../weex/json";
import { SandboxRefusal } from "./refusal";

export function readParams(endpoint: EndpointDef, query: string, body: string): Record<string, unknown> {
  if (endpoint.paramsIn === "query") {
    const params: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(query)) if (!(k in params)) params[k] = v;
    return params;
  }
  if (body.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = parseJson(body, "number");
  } catch {
    throw new SandboxRefusal("INVALID_JSON", 400);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SandboxRefusal("INVALID_JSON", 400, "the body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}
