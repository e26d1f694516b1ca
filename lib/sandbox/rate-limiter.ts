/**
 * The sandbox's weight limits: a sliding window per IP and per UID. Over
 * budget: 429 with Retry-After; a caller that keeps sending before its
 * Retry-After has passed is banned with 418 and a longer Retry-After.
 */
import { SandboxRefusal } from "./refusal";

interface KeyState {
  log: Array<{ at: number; weight: number }>;
  /** Index of the oldest live entry of `log` (entries before it have left the window). */
  head: number;
  /** Sum of the live entries' weights. */
  used: number;
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
      s = { log: [], head: 0, used: 0, retryAfterUntil: 0, ignored429s: 0, bannedUntil: 0 };
      this.keys.set(key, s);
    }
    const from = now - this.opts.windowMs;
    while (s.head < s.log.length && (s.log[s.head] as { at: number }).at <= from) {
      s.used -= (s.log[s.head] as { weight: number }).weight;
      s.head++;
    }
    if (s.head > 1024 && s.head * 2 > s.log.length) {
      // Drop expired entries in bulk rather than shifting one by one.
      s.log = s.log.slice(s.head);
      s.head = 0;
    }
    return s;
  }

  used(key: string, now: number): number {
    return this.state(key, now).used;
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
    if (s.used + weight > this.opts.limit) {
      // When enough of the window's weight will have expired for this request to fit.
      let excess = s.used + weight - this.opts.limit;
      let freeAt = now + this.opts.windowMs;
      for (let i = s.head; i < s.log.length; i++) {
        const e = s.log[i] as { at: number; weight: number };
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
    s.used += weight;
  }

  private refusal(status: 418 | 429, waitMs: number, msg: string): SandboxRefusal {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new SandboxRefusal("SYSTEM_BUSY", status, msg, { "Retry-After": String(seconds) });
  }
}
