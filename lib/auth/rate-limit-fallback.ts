/**
 * A shared rate-limit store that falls back to this process's memory while it
 * cannot be reached. Chosen over failing open (an outage would switch sign-in
 * brute-force protection off) and failing closed (an outage would lock every
 * user out): during a Redis outage each instance limits on its own, which is
 * what a single instance does anyway. Warned about, at most every 30 s.
 */
import type { RateLimitStore } from "./rate-limit-memory";

const WARN_EVERY_MS = 30_000;
/** After a failure, skip the shared store this long: each attempt would wait for a reconnection first. */
const RETRY_PRIMARY_AFTER_MS = 5_000;

export class FallbackRateLimitStore implements RateLimitStore {
  private lastWarned = 0;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly name: string,
  ) {}

  private async either<T>(op: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (Date.now() - this.failedAt < RETRY_PRIMARY_AFTER_MS) return op(this.fallback);
    try {
      return await op(this.primary);
    } catch (error) {
      const now = Date.now();
      this.failedAt = now;
      if (now - this.lastWarned >= WARN_EVERY_MS) {
        this.lastWarned = now;
        console.warn(`[rebate-desk] ${this.name} rate limits: shared store failed, counting in this process only: ${(error as Error).message}`);
      }
      return op(this.fallback);
    }
  }

  hit(key: string, windowMs: number, now: number): Promise<number> {
    return this.either((s) => s.hit(key, windowMs, now));
  }

  count(key: string, windowMs: number, now: number): Promise<number> {
    return this.either((s) => s.count(key, windowMs, now));
  }

  undo(key: string, at: number): Promise<void> {
    return this.either((s) => s.undo(key, at));
  }

  msUntilRoom(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    return this.either((s) => s.msUntilRoom(key, limit, windowMs, now));
  }

  reset(key: string): Promise<void> {
    return this.either((s) => s.reset(key));
  }
}
