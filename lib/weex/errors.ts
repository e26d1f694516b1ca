/**
 * Error codes of the exchange (addendum, "Errors") and the typed error every
 * failed call of our client becomes.
 */

/** Transport-level refusal codes seen on the real exchange. One table: the sandbox answers with it, the client and UI read it. */
export const ERROR_CODES = {
  UNKNOWN: { code: -1000, msg: "unknown error" },
  SYSTEM_BUSY: { code: -1054, msg: "system error, retry later" },
  KEY_MISSING: { code: -1040, msg: "ACCESS-KEY missing" },
  SIGN_MISSING: { code: -1041, msg: "ACCESS-SIGN missing" },
  TIMESTAMP_MISSING: { code: -1042, msg: "ACCESS-TIMESTAMP missing" },
  TIMESTAMP_INVALID: { code: -1043, msg: "invalid timestamp" },
  KEY_INVALID: { code: -1044, msg: "invalid ACCESS-KEY" },
  CONTENT_TYPE_INVALID: { code: -1045, msg: "invalid Content-Type" },
  TIMESTAMP_EXPIRED: { code: -1046, msg: "timestamp expired" },
  SIGNATURE_INVALID: { code: -1047, msg: "authentication failed" },
  PASSPHRASE_INVALID: { code: -1049, msg: "key or passphrase incorrect" },
  USER_FORBIDDEN: { code: -1050, msg: "user status forbidden" },
  PERMISSION_DENIED: { code: -1051, msg: "permission denied" },
  INSUFFICIENT_PERMISSIONS: { code: -1052, msg: "insufficient permissions" },
  ILLEGAL_IP: { code: -1056, msg: "illegal IP" },
  USER_LOCKED: { code: -1057, msg: "user locked" },
  NO_PAIR_PERMISSION: { code: -1058, msg: "no permission for the pair" },
  INVALID_TIME_IN_FORCE: { code: -1115, msg: "invalid timeInForce" },
  INVALID_ORDER_TYPE: { code: -1116, msg: "invalid order type" },
  INVALID_SIDE: { code: -1117, msg: "invalid side" },
  INVALID_SYMBOL: { code: -1121, msg: "invalid symbol" },
  INVALID_COMBINATION: { code: -1128, msg: "invalid parameter combination" },
  INVALID_JSON: { code: -1135, msg: "invalid JSON" },
  VALIDATION_FAILED: { code: -1140, msg: "parameter validation failed" },
  PARAMETER_EMPTY: { code: -1141, msg: "parameter empty" },
  PARAMETER_INVALID: { code: -1142, msg: "parameter invalid" },
  METHOD_NOT_SUPPORTED: { code: -1150, msg: "request method not supported" },
  DECIMAL_PRECISION: { code: -1160, msg: "decimal precision error" },
  TIME_OUT_OF_RANGE: { code: -1170, msg: "query time out of range" },
  START_AFTER_END: { code: -1171, msg: "startTime after endTime" },
  CLIENT_ORDER_ID_INVALID: { code: -1180, msg: "client order id invalid" },
  SPOT_SYMBOL_NOT_FOUND: { code: -2007, msg: "spot symbol does not exist" },
  SPOT_ORDER_NOT_FOUND: { code: -2200, msg: "spot order does not exist" },
  CONTRACT_ORDER_NOT_FOUND: { code: -3200, msg: "contract order does not exist" },
  NO_API_PERMISSION: { code: -3236, msg: "no permission for this API" },
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;

/** What went wrong, as far as our client can tell. */
export type WeexErrorKind =
  /** The request broke a rule of the endpoints table; nothing was sent. */
  | "invalid-request"
  /** The exchange answered with a `{code,msg}` refusal (4xx/5xx). */
  | "refused"
  /** 429 or 418: over the exchange's weight budget. */
  | "rate-limited"
  /** The connection failed or the call timed out. */
  | "network"
  /** The exchange answered 2xx with a body that does not read as the endpoint's response. */
  | "invalid-response"
  /** Our own weight budget cannot take the request (queue full, store down, or not within the caller's wait); nothing was sent. */
  | "budget-queue-full";

export interface WeexErrorInit {
  kind: WeexErrorKind;
  code: number;
  msg: string;
  endpoint: string;
  status?: number;
  retryAfterMs?: number;
  /**
   * True when a non-idempotent request (order placement, cancellation) may have
   * reached the exchange but no answer came back: the caller must look the
   * order up rather than send it again.
   */
  outcomeUnknown?: boolean;
}

export class WeexError extends Error {
  readonly kind: WeexErrorKind;
  readonly code: number;
  readonly msg: string;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;

  constructor(init: WeexErrorInit) {
    super(`${init.endpoint}: ${init.code} ${init.msg}`);
    this.name = "WeexError";
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }

  /** The upstream-style body: what our proxy passes on to browsers. */
  toBody(): { code: number; msg: string } {
    return { code: this.code, msg: this.msg };
  }
}

/**
 * WeexError by shape, not by class identity. The app keeps one client per
 * connection on globalThis, shared by every route bundle; a bundle holding its
 * own copy of this module would see `instanceof WeexError` fail for errors that
 * client throws.
 */
export function isWeexError(error: unknown): error is WeexError {
  if (error instanceof WeexError) return true;
  if (!(error instanceof Error) || error.name !== "WeexError") return false;
  const e = error as Partial<WeexError>;
  return typeof e.kind === "string" && typeof e.code === "number" && typeof e.msg === "string" && typeof e.outcomeUnknown === "boolean";
}
