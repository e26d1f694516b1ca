/**
 * When to try again after the n-th failed attempt: exponential (base × 2^(n−1),
 * capped) with jitter — a random point in the upper half of that delay, so many
 * deliveries failing together (an SMTP outage) do not all come back at once.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, capMs: 60 * 60_000 };

export function retryDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
