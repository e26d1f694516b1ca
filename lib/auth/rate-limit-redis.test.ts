/**
 * RedisRateLimitStore against the real Redis (TEST_REDIS_URL): the memory
 * store's contract, two instances counting together, and the fallback to
 * memory while Redis cannot be reached.
 */
import { describe, expect, it, vi } from "vitest";
import { createRedis } from "@/lib/config/redis";
import { twoRedisConnections } from "@/test/support/redis";
import { SignInRateLimiter } from "./rate-limit";
import { rateLimitStoreContract, signInLimiterContract } from "./rate-limit-contract";
import { FallbackRateLimitStore } from "./rate-limit-fallback";
import { MemoryRateLimitStore } from "./rate-limit-memory";
import { RedisRateLimitStore } from "./rate-limit-redis";

// Two connections, as two app instances hold; each test gets a fresh key prefix.
const redis = twoRedisConnections();
const { freshPrefix } = redis;

describe("RedisRateLimitStore: the store contract", () => {
  rateLimitStoreContract(() => new RedisRateLimitStore(redis.one, { prefix: freshPrefix() }));
});

describe("RedisRateLimitStore: sign-in rate limiting over it", () => {
  signInLimiterContract(() => new RedisRateLimitStore(redis.one, { prefix: freshPrefix() }));
});

describe("RedisRateLimitStore: shared by two instances", () => {
  it("two instances' parallel sign-in bursts together pass the limit exactly", async () => {
    const prefix = freshPrefix();
    const limits = { perAccountAndIp: 5, perIp: 20, perAccount: 100, windowMs: 60_000 };
    const now = Date.now();
    const limiters = [redis.one, redis.two].map((r) => new SignInRateLimiter(new RedisRateLimitStore(r, { prefix }), limits, () => now));
    const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.begin("a@x.io", "10.1.0.1")));
    expect(attempts.filter(Boolean)).toHaveLength(5);
    const spread = [redis.one, redis.two].map((r) => new SignInRateLimiter(new RedisRateLimitStore(r, { prefix }), { ...limits, perAccount: 12 }, () => now));
    const fromMany = await Promise.all(Array.from({ length: 40 }, (_, i) => spread[i % 2]!.begin("b@x.io", `10.2.0.${i}`)));
    expect(fromMany.filter(Boolean), "the per-account ceiling across instances").toHaveLength(12);
  });

  it("hits from two connections are counted exactly, and keys are hashed and expire", async () => {
    const prefix = freshPrefix();
    const stores = [new RedisRateLimitStore(redis.one, { prefix, gcSlackMs: 1_000 }), new RedisRateLimitStore(redis.two, { prefix, gcSlackMs: 1_000 })];
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 50 }, (_, i) => stores[i % 2]!.hit("signin:account:a@x.io", 5_000, now)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const keys = await redis.one.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain("a@x.io");
    const ttl = await redis.one.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(6_000);
  });
});

describe("FallbackRateLimitStore", () => {
  it("counts in memory while Redis is unreachable, with a warning, instead of failing", async () => {
    const down = createRedis("redis://127.0.0.1:1"); // nothing listens on port 1
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const store = new FallbackRateLimitStore(new RedisRateLimitStore(down), new MemoryRateLimitStore(), "signin");
      const l = new SignInRateLimiter(store, { perAccountAndIp: 2, perIp: 20, perAccount: 100, windowMs: 60_000 });
      expect(await l.begin("a@x.io", "1.1.1.1")).not.toBeNull();
      expect(await l.begin("a@x.io", "1.1.1.1")).not.toBeNull();
      expect(await l.begin("a@x.io", "1.1.1.1"), "still limited, per instance").toBeNull();
      expect(warn.mock.calls.some(([message]) => String(message).includes("counting in this process only"))).toBe(true);
    } finally {
      warn.mockRestore();
      down.disconnect();
    }
  });
});
