/**
 * The rate-limit store contract (a sliding log of events per key) and its
 * in-process implementation. The shared implementation is rate-limit-redis.ts;
 * rate-limit-store.ts picks one per process.
 */
export interface RateLimitStore {
  /** Records one event under `key` at `now`; returns the events within the last `windowMs`, this one included. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** Events under `key` within the last `windowMs`. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** Removes one event recorded at exactly `at` (takes an attempt back). */
  undo(key: string, at: number): Promise<void>;
  /**
   * Milliseconds from `now` until `key` holds fewer than `limit` events within
   * the window (so one more is admitted): 0 when it already does. What a
   * "wait N minutes" is computed from, so the number is the limiter's own.
   */
  msUntilRoom(key: string, limit: number, windowMs: number, now: number): Promise<number>;
  /** Forgets `key`. */
  reset(key: string): Promise<void>;
}

/** Sliding-log store in memory, pruned as it is used. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly log = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(private readonly maxKeys = 100_000) {}

  private live(key: string, windowMs: number, now: number): number[] {
    const times = (this.log.get(key) ?? []).filter((t) => t > now - windowMs);
    if (times.length) this.log.set(key, times);
    else this.log.delete(key);
    return times;
  }

  private sweep(windowMs: number, now: number): void {
    if (now - this.lastSweep < windowMs && this.log.size < this.maxKeys) return;
    this.lastSweep = now;
    for (const key of [...this.log.keys()]) this.live(key, windowMs, now);
    // Still too many keys (an address-spraying client): drop the oldest entries.
    for (const key of this.log.keys()) {
      if (this.log.size <= this.maxKeys) break;
      this.log.delete(key);
    }
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    this.sweep(windowMs, now);
    const times = this.live(key, windowMs, now);
    times.push(now);
    this.log.set(key, times);
    return times.length;
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.live(key, windowMs, now).length;
  }

  async undo(key: string, at: number): Promise<void> {
    const times = this.log.get(key);
    if (!times) return;
    const index = times.lastIndexOf(at);
    if (index >= 0) times.splice(index, 1);
    if (!times.length) this.log.delete(key);
  }

  async msUntilRoom(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    const times = [...this.live(key, windowMs, now)].sort((a, b) => a - b);
    // The oldest events must leave the window until limit − 1 remain.
    const mustLeave = times[times.length - limit];
    return mustLeave === undefined ? 0 : Math.max(0, mustLeave + windowMs - now);
  }

  async reset(key: string): Promise<void> {
    this.log.delete(key);
  }
}
