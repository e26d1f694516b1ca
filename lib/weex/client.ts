/**
 * The V3 client: `call(endpointId, params)` validates against the endpoints
 * table, reserves weight, signs the exact bytes it sends, and returns the
 * parsed, typed response — or throws a WeexError.
 */
import "server-only";
import { WeightBudget } from "./budget";
import { encodeRequest, type EncodedRequest } from "./encode";
import { ENDPOINTS, type EndpointId, type RequestInput, type ResponseOf } from "./endpoints";
import type { EndpointDef } from "./endpoints/define";
import { ERROR_CODES, WeexError } from "./errors";
import { parseJson } from "./json";
import { sign } from "./sign";
import { validateParams } from "./validation";
import { abortableSleep } from "./sleep";
import { refusalBody, retryAfterMs } from "./refusal";
import type { CallOptions, Credentials, WeexClientOptions } from "./client-options";

export type { CallOptions, Credentials, WeexClientOptions } from "./client-options";

/** Codes that mean "your timestamp is off": the clock is learned again and the call retried once (nothing was executed). */
const CLOCK_CODES = new Set<number>([ERROR_CODES.TIMESTAMP_INVALID.code, ERROR_CODES.TIMESTAMP_EXPIRED.code]);

export class WeexClient {
  readonly budget: WeightBudget;
  private readonly opts: Required<Omit<WeexClientOptions, "credentials" | "budget" | "budgetUidKey" | "onRateLimited">> & {
    credentials?: Credentials;
    budgetUidKey?: string;
    onRateLimited?: (status: number) => void;
  };
  private clockOffsetMs = 0;
  private clockSync: Promise<void> | undefined;
  private clockSynced = false;

  constructor(options: WeexClientOptions) {
    this.budget = options.budget ?? new WeightBudget({ now: options.now });
    this.opts = {
      spotBaseUrl: options.spotBaseUrl.replace(/\/+$/, ""),
      contractBaseUrl: options.contractBaseUrl.replace(/\/+$/, ""),
      credentials: options.credentials,
      ...(options.budgetUidKey !== undefined ? { budgetUidKey: options.budgetUidKey } : {}),
      timeoutMs: options.timeoutMs ?? 10_000,
      maxRetries: options.maxRetries ?? 3,
      backoffBaseMs: options.backoffBaseMs ?? 200,
      backoffMaxMs: options.backoffMaxMs ?? 5_000,
      syncClock: options.syncClock ?? true,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      ...(options.onRateLimited ? { onRateLimited: options.onRateLimited } : {}),
    };
  }

  /** Server time minus local time, as learned from exchangeInfo (ms). */
  get clockOffset(): number {
    return this.clockOffsetMs;
  }

  /** Budget key of the exchange host: the exchange counts IP weight per caller IP, across both hosts. */
  private get ipKey(): string {
    return `ip:${new URL(this.opts.spotBaseUrl).host}`;
  }

  private get uidKey(): string | undefined {
    if (!this.opts.credentials) return undefined;
    return `uid:${this.opts.budgetUidKey ?? this.opts.credentials.apiKey}`;
  }

  async call<Id extends EndpointId>(id: Id, params?: RequestInput<Id>, options: CallOptions = {}): Promise<ResponseOf<Id>> {
    const endpoint: EndpointDef = ENDPOINTS[id];
    const checked = validateParams(endpoint, params ?? {});
    if (!checked.ok) {
      throw new WeexError({ kind: "invalid-request", code: checked.code, msg: checked.msg, endpoint: id, status: 400 });
    }
    if (endpoint.signed && !this.opts.credentials) {
      throw new WeexError({ kind: "invalid-request", code: ERROR_CODES.KEY_MISSING.code, msg: "this endpoint needs API credentials", endpoint: id });
    }
    const start = this.opts.now();
    // The first signed call learns the exchange's clock first, within the same deadline.
    if (endpoint.signed && this.opts.syncClock && !this.clockSynced) await this.syncClock(options.signal, options.deadlineMs);

    // The bytes are built once; every attempt signs and sends these same bytes.
    const encoded = encodeRequest(endpoint, checked.value as Record<string, unknown>);
    const deadline = options.deadlineMs === undefined ? undefined : start + options.deadlineMs;
    const budgetWaitUntil = options.maxWaitMs === undefined ? undefined : start + options.maxWaitMs;
    const waitUntil = deadline === undefined ? budgetWaitUntil : Math.min(deadline, budgetWaitUntil ?? deadline);
    const body = await this.send(endpoint, encoded, options, waitUntil, deadline);
    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new WeexError({
        kind: "invalid-response",
        code: ERROR_CODES.UNKNOWN.code,
        msg: `unexpected response shape${issue ? ` at ${issue.path.join(".") || "(root)"}: ${issue.message}` : ""}`,
        endpoint: id,
        status: 200,
      });
    }
    return parsed.data as ResponseOf<Id>;
  }

  /** Until when the exchange told this client to stop sending (a 429's Retry-After or a 418 ban); 0 when it did not. */
  async pausedUntil(): Promise<number> {
    const now = this.opts.now();
    return this.budget.store.pausedUntil([this.ipKey, ...(this.uidKey ? [this.uidKey] : [])], now);
  }

  /** Weight this client's budget has counted in the current window, per IP and per UID. */
  async weightUsed(): Promise<{ ip: number; uid: number; ipLimit: number; uidLimit: number; windowMs: number }> {
    const now = this.opts.now();
    const uidKey = this.uidKey;
    return {
      ip: await this.budget.store.used(this.ipKey, now),
      uid: uidKey ? await this.budget.store.used(uidKey, now) : 0,
      ipLimit: this.budget.ipLimit,
      uidLimit: this.budget.uidLimit,
      windowMs: this.budget.windowMs,
    };
  }

  /** Learns the offset of the server's clock (single flight). */
  syncClock(signal?: AbortSignal, deadlineMs?: number): Promise<void> {
    this.clockSync ??= (async () => {
      const t0 = this.opts.now();
      const info = await this.call("exchangeInfo", {}, { ...(signal ? { signal } : {}), ...(deadlineMs !== undefined ? { deadlineMs } : {}) });
      const t1 = this.opts.now();
      this.clockOffsetMs = Math.round(info.serverTime - (t0 + t1) / 2);
      this.clockSynced = true;
    })().finally(() => {
      this.clockSync = undefined;
    });
    return this.clockSync;
  }

  private backoff(attempt: number): number {
    const cap = Math.min(this.opts.backoffMaxMs, this.opts.backoffBaseMs * 2 ** attempt);
    return Math.round(cap / 2 + (this.opts.random() * cap) / 2); // "equal jitter"
  }

  private async send(endpoint: EndpointDef, encoded: EncodedRequest, options: CallOptions, waitUntil: number | undefined, deadline: number | undefined): Promise<unknown> {
    let clockRetried = false;
    const maxRetries = deadline === undefined ? this.opts.maxRetries : Math.min(1, this.opts.maxRetries);
    const left = () => (deadline === undefined ? Infinity : deadline - this.opts.now());
    for (let attempt = 0; ; attempt++) {
      const canRetry = endpoint.idempotent && attempt < maxRetries;
      const reservation = await this.budget.acquire(
        {
          endpoint: endpoint.id,
          ip: { key: this.ipKey, weight: endpoint.weight.ip },
          ...(endpoint.signed && this.uidKey ? { uid: { key: this.uidKey, weight: endpoint.weight.uid } } : {}),
          ...(waitUntil !== undefined ? { waitUntil } : {}),
        },
        options.signal,
      );
      let outcome: Awaited<ReturnType<WeexClient["attempt"]>>;
      try {
        const timeoutMs = Math.max(1, Math.min(options.timeoutMs ?? this.opts.timeoutMs, left()));
        outcome = await this.attempt(endpoint, encoded, { ...options, timeoutMs });
      } finally {
        await reservation.settle();
      }

      if (outcome.kind === "ok") return outcome.body;
      const error = outcome.error;
      if (error.kind === "rate-limited") {
        if (error.status !== undefined) this.opts.onRateLimited?.(error.status);
        const until = this.opts.now() + (error.retryAfterMs ?? 1_000);
        await this.budget.pause([this.ipKey, ...(this.uidKey ? [this.uidKey] : [])], until);
        // A 429/418 is an explicit refusal before execution, but order calls still go back to their caller to decide.
        if (!canRetry || until >= this.opts.now() + left()) throw error;
        continue; // the budget itself holds the call until Retry-After has passed
      }
      if (error.kind === "refused" && CLOCK_CODES.has(error.code) && !clockRetried && this.opts.syncClock) {
        clockRetried = true; // the exchange refused before executing anything: safe for every endpoint
        this.clockSynced = false;
        await this.syncClock(options.signal);
        attempt--;
        continue;
      }
      const transient = error.kind === "network" || (error.status !== undefined && error.status >= 500);
      const pause = this.backoff(attempt);
      // Within a deadline, a retry needs time for its wait and an answer: a second more than the backoff.
      if (transient && canRetry && !options.signal?.aborted && pause + 1_000 < left()) {
        await abortableSleep(pause, options.signal);
        continue;
      }
      throw error;
    }
  }

  private async attempt(
    endpoint: EndpointDef,
    encoded: EncodedRequest,
    options: CallOptions,
  ): Promise<{ kind: "ok"; body: unknown } | { kind: "error"; error: WeexError }> {
    const base = endpoint.host === "spot" ? this.opts.spotBaseUrl : this.opts.contractBaseUrl;
    const url = `${base}${endpoint.path}${encoded.query ? `?${encoded.query}` : ""}`;
    const headers: Record<string, string> = {};
    if (endpoint.method !== "GET") headers["Content-Type"] = "application/json";
    if (endpoint.signed && this.opts.credentials) {
      const { apiKey, secret, passphrase } = this.opts.credentials;
      const timestamp = String(this.opts.now() + this.clockOffsetMs);
      headers["ACCESS-KEY"] = apiKey;
      headers["ACCESS-PASSPHRASE"] = passphrase;
      headers["ACCESS-TIMESTAMP"] = timestamp;
      headers["ACCESS-SIGN"] = sign(secret, { timestamp, method: endpoint.method, path: endpoint.path, query: encoded.query, body: encoded.body });
    }
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.opts.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const fail = (init: Omit<ConstructorParameters<typeof WeexError>[0], "endpoint">) => ({
      kind: "error" as const,
      error: new WeexError({ ...init, endpoint: endpoint.id }),
    });

    let response: Response;
    let text: string;
    try {
      response = await this.opts.fetch(url, {
        method: endpoint.method,
        headers,
        ...(endpoint.method !== "GET" ? { body: encoded.body } : {}),
        signal,
      });
      text = await response.text();
    } catch (cause) {
      if (options.signal?.aborted) throw options.signal.reason;
      const timedOut = timeout.aborted;
      return fail({
        kind: "network",
        code: ERROR_CODES.UNKNOWN.code,
        msg: timedOut ? "request timed out" : `network error: ${cause instanceof Error ? cause.message : String(cause)}`,
        // Placement or cancellation may have reached the exchange: the caller must look it up, not resend.
        outcomeUnknown: !endpoint.idempotent,
      });
    }

    let body: unknown;
    try {
      body = text === "" ? undefined : parseJson(text);
    } catch {
      body = undefined;
    }
    const refusal = refusalBody(body);
    if (response.status === 429 || response.status === 418) {
      return fail({
        kind: "rate-limited",
        code: refusal?.code ?? ERROR_CODES.SYSTEM_BUSY.code,
        msg: refusal?.msg ?? (response.status === 418 ? "banned after ignored 429s" : "too many requests"),
        status: response.status,
        retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
      });
    }
    if (!response.ok || (refusal && refusal.code < 0)) {
      return fail({
        kind: "refused",
        code: refusal?.code ?? ERROR_CODES.UNKNOWN.code,
        msg: refusal?.msg ?? `HTTP ${response.status}`,
        status: response.status,
        outcomeUnknown: !endpoint.idempotent && response.status >= 500,
      });
    }
    if (body === undefined) {
      return fail({ kind: "invalid-response", code: ERROR_CODES.UNKNOWN.code, msg: "response is not JSON", status: response.status });
    }
    return { kind: "ok", body };
  }
}
