/**
 * The error side of the API's one answer shape, `{ code, msg }`: the error a
 * handler (or the pipeline) throws for a 4xx, and the JSON response it becomes.
 */
export interface ApiErrorBody {
  /** UPPER_SNAKE app code, or the exchange's numeric code for relayed refusals. */
  code: string | number;
  msg: string;
  [detail: string]: unknown;
}

/** Throw from a handler for a 4xx answer: `throw new ApiError(404, "NOT_FOUND", "no such connection")`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    msg: string,
    /** Extra JSON fields merged into the body (never secrets). */
    readonly details?: Record<string, unknown>,
    /** Extra response headers (Retry-After, a Set-Cookie clearing a bad cookie). */
    readonly headers?: Record<string, string>,
  ) {
    super(msg);
    this.name = "ApiError";
  }
}

const NO_STORE = "no-store";

export function errorResponse(status: number, body: ApiErrorBody, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });
}
