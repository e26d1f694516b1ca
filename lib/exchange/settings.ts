/**
 * Tunables of the app's exchange calls, from the environment (read when a
 * connection's client is built, never at import time).
 */
import { DEFAULT_WEIGHT_LIMIT, DEFAULT_WINDOW_MS } from "../weex/budget";

function positiveInt(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${raw}"`);
  return n;
}

export interface ExchangeSettings {
  /** Weight per window per IP and per UID our client allows itself (the exchange documents 500 per 10 s). */
  weightLimit: number;
  weightWindowMs: number;
  /** How long identical reads are answered from memory; 0 turns the cache off (coalescing of in-flight reads stays). */
  readCacheMs: number;
  /** How long a person's live request may wait for room in the weight budget before a 503 with Retry-After. */
  liveWaitMs: number;
  /** The whole of a person's live request (budget wait, attempts, one retry at most): past it, "request timed out". */
  liveDeadlineMs: number;
}

/** The call options of a person's live request: a bounded budget wait within one deadline for everything. */
export function liveCallOptions(settings: ExchangeSettings = exchangeSettings()): { maxWaitMs: number; deadlineMs: number } {
  return { maxWaitMs: settings.liveWaitMs, deadlineMs: settings.liveDeadlineMs };
}

export function exchangeSettings(env: NodeJS.ProcessEnv = process.env): ExchangeSettings {
  return {
    weightLimit: positiveInt("WEEX_WEIGHT_LIMIT", DEFAULT_WEIGHT_LIMIT, env),
    weightWindowMs: positiveInt("WEEX_WEIGHT_WINDOW_MS", DEFAULT_WINDOW_MS, env),
    readCacheMs: positiveInt("EXCHANGE_READ_CACHE_MS", 2_000, env),
    liveWaitMs: positiveInt("EXCHANGE_LIVE_WAIT_MS", 2_000, env),
    liveDeadlineMs: positiveInt("EXCHANGE_LIVE_DEADLINE_MS", 8_000, env),
  };
}
