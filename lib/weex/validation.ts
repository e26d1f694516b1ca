/**
 * Validates request parameters against an endpoint's schema and turns the
 * first problem into the exchange's refusal code. The client uses it before it
 * signs anything; the sandbox uses it on what it received; the proxy uses it
 * before any upstream call. One mapping, so all three refuse alike.
 */
import type { z } from "zod";
import { ERROR_CODES, type ErrorCodeName } from "./errors";
import type { EndpointDef } from "./endpoints/define";

export type ValidationResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: number; msg: string; codeName: ErrorCodeName; field?: string };

/** Fields whose invalid values have a refusal code of their own (addendum codes). */
const FIELD_CODES: Record<string, ErrorCodeName> = {
  side: "INVALID_SIDE",
  type: "INVALID_ORDER_TYPE",
  timeInForce: "INVALID_TIME_IN_FORCE",
  symbol: "INVALID_SYMBOL",
  symbols: "INVALID_SYMBOL",
  newClientOrderId: "CLIENT_ORDER_ID_INVALID",
  origClientOrderId: "CLIENT_ORDER_ID_INVALID",
  origClientOrderIdList: "CLIENT_ORDER_ID_INVALID",
  clientAlgoId: "CLIENT_ORDER_ID_INVALID",
};

function fieldName(path: readonly PropertyKey[]): string | undefined {
  // The last named segment: orderList[3].side → "side"; origClientOrderIdList[2] → "origClientOrderIdList".
  for (let i = path.length - 1; i >= 0; i--) {
    const seg = path[i];
    if (typeof seg === "string") return seg;
  }
  return undefined;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const seg of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

/** A required field that was not sent at all (whatever kind of issue its schema raised). */
function isMissing(issue: z.core.$ZodIssue, input: unknown): boolean {
  if (issue.code === "custom" || issue.code === "unrecognized_keys" || issue.path.length === 0) return false;
  return valueAt(input, issue.path) === undefined;
}

function codeFor(issue: z.core.$ZodIssue, input: unknown): ErrorCodeName {
  if (issue.code === "custom") {
    const tagged = (issue.params as { weexCode?: ErrorCodeName } | undefined)?.weexCode;
    if (tagged) return tagged;
  }
  if (isMissing(issue, input)) return "PARAMETER_EMPTY";
  if (issue.code === "too_big" || issue.code === "too_small") {
    // A list over its element limit or a number out of range.
    const field = fieldName(issue.path);
    if (issue.origin === "string" && field && FIELD_CODES[field]) return FIELD_CODES[field];
    return "VALIDATION_FAILED";
  }
  if (issue.code === "unrecognized_keys") return "PARAMETER_INVALID";
  const field = fieldName(issue.path);
  if (field && FIELD_CODES[field]) return FIELD_CODES[field];
  return "PARAMETER_INVALID";
}

function describe(issue: z.core.$ZodIssue, input: unknown): string {
  if (isMissing(issue, input)) return `${issue.path.map(String).join(".")}: required`;
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : String(p))).join(".").replace(/\.\[/g, "[");
  if (issue.code === "unrecognized_keys") return `unknown parameter(s): ${issue.keys.join(", ")}`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Orders issues so the most specific refusal wins: a bad field before a missing one before a cross-field rule. */
function priority(issue: z.core.$ZodIssue, input: unknown): number {
  if (issue.code === "unrecognized_keys") return 0;
  if (issue.code === "custom") return 3;
  return isMissing(issue, input) ? 2 : 1;
}

export function validateParams<S extends z.ZodType>(endpoint: EndpointDef<S>, params: unknown): ValidationResult<z.output<S>> {
  const input = params ?? {};
  const result = endpoint.request.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const issue = [...result.error.issues].sort((a, b) => priority(a, input) - priority(b, input))[0];
  if (!issue) return { ok: false, ...ERROR_CODES.PARAMETER_INVALID, codeName: "PARAMETER_INVALID" };
  const codeName = codeFor(issue, input);
  const field = fieldName(issue.path);
  return { ok: false, code: ERROR_CODES[codeName].code, msg: describe(issue, input), codeName, ...(field ? { field } : {}) };
}
