/**
 * The client's weight budget: before a request is sent, its IP and UID
 * weights are reserved; a request that would exceed a budget waits, first in
 * first out, in a bounded queue. Nothing is ever sent over budget.
 *
 * A request may say how long it is willing to wait (`waitUntil`: a person's
 * live request, as opposed to the patient warehouse sync): it is refused as
 * soon as it is known it cannot be served by then (a 429 pause or the window
 * lasting past it), or when that time comes while it still waits — with the
 * time to try again, and nothing sent.
 */
import { WeexError } from "../errors";
import { MemoryBudgetStore } from "./memory-store";
import type { BudgetStore, WeightClaim } from "./store";

export interface WeightBudgetOptions {
  store?: BudgetStore;
  /** Window length (default 10 s, as the exchange documents). */
  windowMs?: number;
  /** Weight per window per IP (default 500). */
  ipLimit?: number;
  /** Weight per window per UID (default 500). */
  uidLimit?: number;
  /** Requests that may wait at once; more are refused at once (default 10 000). */
  maxQueue?: number;
  now?: () => number;
}

export interface WeightRequest {
  endpoint: string;
  ip: { key: string; weight: number };
  uid?: { key: string; weight: number };
  /** The latest time (budget clock, ms) this request may wait until; unset: as long as it takes. */
  waitUntil?: number;
}

export interface Reservation {
  /** Call when the response (or failure) has come back. Idempotent. */
  settle(): Promise<void>;
}

interface Waiter {
  endpoint: string;
  claims: WeightClaim[];
  keys: string[];
  resolve: (r: Reservation) => void;
  reject: (e: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  waitUntil: number | undefined;
  deadlineTimer: ReturnType<typeof setTimeout> | undefined;
}

export const DEFAULT_WINDOW_MS = 10_000;
export const DEFAULT_WEIGHT_LIMIT = 500;

/**
 * The refusal of a request that would have to wait past its `waitUntil`: the budget is full, or the exchange itself
 * told us to stop sending (a 429's Retry-After, or a 418 ban) — said as such, since waiting on our side is not why.
 */
function busy(endpoint: string, retryAfterMs: number, stoppedByExchange: boolean): WeexError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const why = stoppedByExchange ? "the exchange told us to stop sending for now (HTTP 429, or a 418 ban)" : "the exchange's weight budget is busy";
  return new WeexError({
    kind: "budget-queue-full",
    code: -1054,
    msg: `${why}; nothing was sent, retry in ${seconds} s`,
    endpoint,
    retryAfterMs: Math.max(1_000, retryAfterMs),
  });
}

/**
 * A store that cannot answer becomes a typed "try again shortly" refusal (a 503
 * with Retry-After at the proxy, a transient failure to the sync), not an
 * internal error on every request.
 */
function storeUnavailable(error: unknown, endpoint: string): unknown {
  if (error instanceof WeexError) return error;
  // The cause (e.g. a Redis address) stays in the server log, not in answers to browsers.
  console.warn(`[rebate-desk] weight budget store failed (${endpoint}):`, error instanceof Error ? error.message : error);
  return new WeexError({ kind: "budget-queue-full", code: -1054, msg: "weight budget store unavailable, nothing was sent; retry shortly", endpoint });
}

export class WeightBudget {
  readonly store: BudgetStore;
  readonly windowMs: number;
  readonly ipLimit: number;
  readonly uidLimit: number;
  private readonly maxQueue: number;
  private readonly now: () => number;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  /** Set when pump() is asked for while running, so the running loop looks once more. */
  private pumpAgain = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;

  constructor(opts: WeightBudgetOptions = {}) {
    this.store = opts.store ?? new MemoryBudgetStore();
    this.windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
    this.ipLimit = opts.ipLimit ?? DEFAULT_WEIGHT_LIMIT;
    this.uidLimit = opts.uidLimit ?? DEFAULT_WEIGHT_LIMIT;
    this.maxQueue = opts.maxQueue ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Waits until the request's weights fit, reserves them, and hands back the reservation to settle. */
  acquire(req: WeightRequest, signal?: AbortSignal): Promise<Reservation> {
    const claims: WeightClaim[] = [];
    if (req.ip.weight > 0) claims.push({ key: req.ip.key, weight: req.ip.weight, limit: this.ipLimit });
    if (req.uid && req.uid.weight > 0) claims.push({ key: req.uid.key, weight: req.uid.weight, limit: this.uidLimit });
    const tooHeavy = claims.find((c) => c.weight > c.limit);
    if (tooHeavy) {
      return Promise.reject(
        new WeexError({ kind: "invalid-request", code: -1140, msg: `weight ${tooHeavy.weight} exceeds the whole budget ${tooHeavy.limit}`, endpoint: req.endpoint }),
      );
    }
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new WeexError({ kind: "budget-queue-full", code: -1054, msg: `weight budget queue is full (${this.maxQueue} waiting)`, endpoint: req.endpoint }),
      );
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Reservation>((resolve, reject) => {
      const keys = [req.ip.key, ...(req.uid ? [req.uid.key] : [])];
      const waiter: Waiter = { endpoint: req.endpoint, claims, keys, resolve, reject, signal, onAbort: undefined, waitUntil: req.waitUntil, deadlineTimer: undefined };
      if (signal) {
        waiter.onAbort = () => this.drop(waiter, signal.reason);
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      if (waiter.waitUntil !== undefined) {
        const retryIn = () => Math.max(this.timerAt - this.now(), 0);
        waiter.deadlineTimer = setTimeout(() => this.drop(waiter, busy(waiter.endpoint, retryIn(), false)), Math.max(0, waiter.waitUntil - this.now()));
      }
      this.queue.push(waiter);
      void this.pump();
    });
  }

  /** Takes a waiter out of the queue (it gave up or its time ran out) and fails it; it costs nothing. */
  private drop(waiter: Waiter, reason: unknown): void {
    const i = this.queue.indexOf(waiter);
    if (i < 0) return;
    this.queue.splice(i, 1);
    this.release(waiter);
    waiter.reject(reason);
    void this.pump();
  }

  private release(waiter: Waiter): void {
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
    if (waiter.deadlineTimer) clearTimeout(waiter.deadlineTimer);
  }

  /**
   * The head cannot be served before `at`, so (first in, first out) no waiter can: every waiter that
   * will not wait that long is refused now rather than at its deadline. True when the head was one.
   */
  private refuseTooLate(at: number, now: number, stoppedByExchange = false): boolean {
    const head = this.queue[0];
    const doomed = this.queue.filter((w) => w.waitUntil !== undefined && w.waitUntil < at);
    for (const w of doomed) {
      this.queue.splice(this.queue.indexOf(w), 1);
      this.release(w);
      w.reject(busy(w.endpoint, at - now, stoppedByExchange));
    }
    return head !== undefined && doomed.includes(head);
  }

  /** After a 429/418: no claim on these keys is granted before `until`. */
  async pause(keys: readonly string[], until: number): Promise<void> {
    try {
      await this.store.pause(keys, until);
    } catch (error) {
      throw storeUnavailable(error, "budget");
    }
    void this.pump();
  }

  /** Serves the queue head while it fits; otherwise sleeps until it may. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        await this.serveQueue();
      } while (this.pumpAgain);
    } catch (error) {
      // A store failure (e.g. Redis down) fails the waiting calls rather than hanging them,
      // and never lets one through unmetered (that would risk the exchange banning the key).
      for (const w of this.queue.splice(0)) {
        this.release(w);
        w.reject(storeUnavailable(error, w.endpoint));
      }
    } finally {
      this.pumping = false;
    }
  }

  private async serveQueue(): Promise<void> {
    while (this.queue.length > 0) {
      const head = this.queue[0] as Waiter;
      const now = this.now();
      const pausedUntil = await this.store.pausedUntil(head.keys, now);
      if (pausedUntil > now) {
        if (this.refuseTooLate(pausedUntil, now, true)) continue;
        this.wakeAt(pausedUntil);
        return;
      }
      const result = await this.store.tryReserve(head.claims, this.windowMs, now);
      if (!result.ok) {
        if (this.refuseTooLate(result.retryAt, now)) continue;
        this.wakeAt(result.retryAt);
        return;
      }
      if (this.queue[0] !== head) {
        // The waiter gave up (aborted) while we reserved: give the weight back at once.
        await this.store.settle(result.id, now - this.windowMs, this.windowMs);
        continue;
      }
      this.queue.shift();
      this.release(head);
      head.resolve(this.reservation(result.id));
    }
  }

  private reservation(id: string): Reservation {
    let settled = false;
    return {
      settle: async () => {
        if (settled) return;
        settled = true;
        await this.store.settle(id, this.now(), this.windowMs);
        void this.pump();
      },
    };
  }

  private wakeAt(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, Math.max(0, at - this.now()));
  }
}
