/**
 * Typed same-origin JSON helpers for the browser. Our route handlers answer
 * failures as `{ code, msg }` with a fitting status; these helpers turn that
 * (and a network failure, and a non-JSON answer) into one error type the UI
 * can show as it is: `ApiClientError { status, code, msg }`.
 */
import type { EndpointId, RequestInput, ResponseOf } from "@/lib/weex/endpoints";

export type ApiErrorCode = number | string;

/** One field the server refused, as route.ts sends it: `recipients.0`, "a valid e-mail address". */
export interface ApiFieldIssue {
  path: string;
  message: string;
}

export class ApiClientError extends Error {
  override readonly name = "ApiClientError";
  /** HTTP status; 0 when the request never got an answer (offline, DNS, aborted connection). */
  readonly status: number;
  /** The server's `code` (an exchange code such as -1121, or our own), else the HTTP status. */
  readonly code: ApiErrorCode;
  readonly msg: string;
  /** The fields the server refused and why, when it said (a 400 of a form). */
  readonly issues: readonly ApiFieldIssue[];

  constructor(status: number, code: ApiErrorCode, msg: string, issues: readonly ApiFieldIssue[] = []) {
    super(`${msg} (code ${code}, HTTP ${status})`);
    this.status = status;
    this.code = code;
    this.msg = msg;
    this.issues = issues;
  }

  /**
   * What a form shows: each refused field and the server's reason ("Recipients, 1st: a valid e-mail address"),
   * else the server's message; never the code and status, which say nothing to a person.
   */
  get words(): string {
    if (this.issues.length === 0) return this.msg;
    return this.issues.map((i) => (i.path ? `${fieldWords(i.path)}: ${i.message}` : i.message)).join("; ");
  }

  /** Worth trying again: no answer at all, or a server-side failure. Never 4xx (429 included: the budget queue is full). */
  get isRetryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

/** 1 → "1st", 12 → "12th", 22 → "22nd": the English ordinal of a position counted from one. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** `recipients.0` → "Recipients, 1st"; `embedOrigins` → "Embed origins". */
function fieldWords(path: string): string {
  const words = path.split(".").map((part) =>
    /^\d+$/.test(part) ? ordinal(Number(part) + 1) : part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase(),
  );
  const text = words.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A form's error line: the server's words for an API refusal, else the form's own fallback sentence. */
export function errorWords(error: unknown, fallback: string): string {
  return error instanceof ApiClientError ? error.words : fallback;
}

export type QueryParamValue = string | number | boolean | bigint | null | undefined;
export type QueryParams = Readonly<Record<string, QueryParamValue | readonly QueryParamValue[]>>;

type RequestOptions = { signal?: AbortSignal };

/** Builds `path?query`, skipping undefined/null values; arrays become comma-separated lists. */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== undefined && v !== null).map(String);
      if (items.length > 0) search.set(key, items.join(","));
    } else {
      search.set(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

function issuesOf(body: unknown): ApiFieldIssue[] {
  const issues = (body as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is ApiFieldIssue => typeof i === "object" && i !== null && typeof i.path === "string" && typeof i.message === "string");
}

function isErrorBody(value: unknown): value is { code: ApiErrorCode; msg: string } {
  if (typeof value !== "object" || value === null) return false;
  const { code, msg } = value as { code?: unknown; msg?: unknown };
  return (typeof code === "number" || typeof code === "string") && typeof msg === "string";
}

async function send<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError(0, "NETWORK_ERROR", "The server could not be reached. Check your connection and try again.");
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiClientError(response.status, body.code, body.msg, issuesOf(body));
    throw new ApiClientError(response.status, response.status, response.statusText || `Request failed with HTTP ${response.status}`);
  }
  // A success body never carries {code,msg} on the exchange (addendum); our handlers follow suit.
  if (isErrorBody(body) && Object.keys(body as object).length === 2) {
    throw new ApiClientError(response.status, body.code, body.msg);
  }
  if (text !== "" && body === undefined) {
    throw new ApiClientError(response.status, "BAD_RESPONSE", "The server answered with something that is not JSON.");
  }
  return body as T;
}

/** GET `path` with `params` as the query string. */
export function apiGet<T>(path: string, params?: QueryParams, options: RequestOptions = {}): Promise<T> {
  return send<T>(buildUrl(path, params), { method: "GET", signal: options.signal });
}

/** POST `body` as JSON to `path`. */
export function apiPost<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
    signal: options.signal,
  });
}

/** PATCH `body` as JSON to `path`. */
export function apiPatch<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, { method: "PATCH", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, signal: options.signal });
}

/** PUT `body` as JSON to `path` (a whole resource replaced). */
export function apiPut<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, { method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, signal: options.signal });
}

/** DELETE `path`; a 204 resolves to undefined. */
export function apiDelete(path: string, options: RequestOptions = {}): Promise<void> {
  return send<void>(path, { method: "DELETE", signal: options.signal });
}

/** A GET endpoint of the signed proxy, typed by the endpoints table: `exchangeGet("ticker24hr")`. */
export function exchangeGet<Id extends EndpointId>(
  id: Id,
  params?: RequestInput<Id> & QueryParams,
  options: RequestOptions = {},
): Promise<ResponseOf<Id>> {
  return apiGet<ResponseOf<Id>>(`/api/exchange/${id}`, params, options);
}

/** A POST (or DELETE-by-POST) endpoint of the signed proxy, the parameters as its JSON body. */
export function exchangePost<Id extends EndpointId>(
  id: Id,
  body?: RequestInput<Id>,
  options: RequestOptions = {},
): Promise<ResponseOf<Id>> {
  return apiPost<ResponseOf<Id>>(`/api/exchange/${id}`, body ?? {}, options);
}
