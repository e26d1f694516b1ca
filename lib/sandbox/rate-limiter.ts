/**
 * The sandbox's weight limits: a sliding window per IP and per UID. Over
 * budget: 429 with Retry-After; a caller that keeps sending before its
 * Retry-After has passed is banned with 418 and a longer Retry-After.
 */
import { SandboxRefusal } from "./refusal";

interface KeyState {
  log: Array<{ at: number; weight: number }>;
  /** Until when the last 429 asked this key to wait. */
  retryAfterUntil: number;
  ignored429s: number;
  bannedUntil: number;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  banAfterIgnored429s: number;
  banMs: number;
}

export class RateLimiter {
  private readonly keys = new Map<string, KeyState>();
  /** Counters for tests and benchmarks. */
  readonly stats = { tooMany: 0, banned: 0 };

  constructor(private readonly opts: RateLimiterOptions) {}

  private state(key: string, now: number): KeyState {
    let s = this.keys.get(key);
    if (!s) {
      s = { log: [], retryAfterUntil: 0, ignored429s: 0, bannedUntil: 0 };
      this.keys.set(key, s);
    }
    const from = now - this.opts.windowMs;
    while (s.log.length > 0 && (s.log[0] as { at: number }).at <= from) s.log.shift();
    return s;
  }

  used(key: string, now: number): number {
    return this.state(key, now).log.reduce((sum, e) => sum + e.weight, 0);
  }

  /** Counts `weight` against `key`, or throws the 429/418 refusal. */
  charge(key: string, weight: number, now: number): void {
    const s = this.state(key, now);
    if (s.bannedUntil > now) {
      this.stats.banned++;
      throw this.refusal(418, s.bannedUntil - now, "IP banned after ignoring Retry-After");
    }
    if (weight === 0) return;
    if (s.retryAfterUntil > now) {
      // Sent before the Retry-After of the last 429 had passed: ignored.
      s.ignored429s++;
      if (s.ignored429s >= this.opts.banAfterIgnored429s) {
        s.bannedUntil = now + this.opts.banMs;
        s.ignored429s = 0;
        this.stats.banned++;
        throw this.refusal(418, this.opts.banMs, "IP banned after ignoring Retry-After");
      }
    }
    const used = s.log.reduce((sum, e) => sum + e.weight, 0);
    if (used + weight > this.opts.limit) {
      // When enough of the window's weight will have expired for this request to fit.
      let excess = used + weight - this.opts.limit;
      let freeAt = now + this.opts.windowMs;
      for (const e of s.log) {
        excess -= e.weight;
        if (excess <= 0) {
          freeAt = e.at + this.opts.windowMs;
          break;
        }
      }
      s.retryAfterUntil = Math.max(s.retryAfterUntil, freeAt);
      this.stats.tooMany++;
      throw this.refusal(429, freeAt - now, "Too many requests: weight budget exceeded");
    }
    s.log.push({ at: now, weight });
  }

  private refusal(status: 418 | 429, waitMs: number, msg: string): SandboxRefusal {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new SandboxRefusal("SYSTEM_BUSY", status, msg, { "Retry-After": String(seconds) });
  }
}
