/**
 * The rate-limit store shared by every app instance: one sorted set per key in
 * Redis, members "<time>:<random>" scored by the event's time (the caller's
 * clock, as the memory store), each operation one atomic command or script so
 * a parallel burst across instances is counted exactly.
 *
 * Keys: `<prefix><hash of key>` (hashed: keys hold e-mail addresses and IPs),
 * expiring one window (plus slack) after their latest event.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { hashedKeyPart, RedisScript } from "../config/redis-script";
import type { RateLimitStore } from "./rate-limit-memory";

/** KEYS: log   ARGV: now, windowMs, member, slack. Drops expired events, records one, returns the live count. */
const HIT_LUA = `
local now, window, slack = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil(tonumber(last[2]) - now + window + slack)))
return redis.call('ZCARD', KEYS[1])
`;

/** KEYS: log   ARGV: at. Removes one event recorded at exactly `at`. */
const UNDO_LUA = `
local found = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1], 'LIMIT', 0, 1)
if found[1] then redis.call('ZREM', KEYS[1], found[1]) end
return 1
`;

const hitScript = new RedisScript(HIT_LUA);
const undoScript = new RedisScript(UNDO_LUA);

export interface RedisRateLimitStoreOptions {
  /** Namespace of every key (default "rd:rl:"). */
  prefix?: string;
  /** Extra lifetime of a key past its window (default 60 s, covers clock skew). */
  gcSlackMs?: number;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly prefix: string;
  private readonly slackMs: number;

  constructor(
    private readonly redis: Redis,
    options: RedisRateLimitStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? "rd:rl:";
    this.slackMs = options.gcSlackMs ?? 60_000;
  }

  private keyOf(key: string): string {
    return `${this.prefix}${hashedKeyPart(key)}`;
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    return Number(await hitScript.run(this.redis, [this.keyOf(key)], [now, windowMs, `${now}:${randomUUID()}`, this.slackMs]));
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.redis.zcount(this.keyOf(key), `(${now - windowMs}`, "+inf");
  }

  async undo(key: string, at: number): Promise<void> {
    await undoScript.run(this.redis, [this.keyOf(key)], [at]);
  }

  async msUntilRoom(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    const live = await this.count(key, windowMs, now);
    if (live < limit) return 0;
    // The event whose leaving the window brings the count down to limit − 1 (the two reads need not be atomic: a hint).
    const found = await this.redis.zrangebyscore(this.keyOf(key), `(${now - windowMs}`, "+inf", "WITHSCORES", "LIMIT", live - limit, 1);
    const score = Number(found[1]);
    return Number.isFinite(score) ? Math.max(0, score + windowMs - now) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }
}
