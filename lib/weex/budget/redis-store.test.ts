/**
 * RedisBudgetStore against the real Redis (TEST_REDIS_URL): the same contract
 * as the memory store, then what only a shared store must prove — two
 * instances (two connections) together never exceed a limit.
 */
import { describe, expect, it, vi } from "vitest";
import { createRedis } from "@/lib/config/redis";
import { twoRedisConnections } from "@/test/support/redis";
import { RedisBudgetStore } from "./redis-store";
import { budgetStoreContract, weightBudgetContract } from "./store-contract";
import { WeightBudget } from "./weight-budget";

// Two connections, as two app instances hold; each test gets a fresh key prefix.
const redis = twoRedisConnections();
const { freshPrefix } = redis;

describe("RedisBudgetStore: the store contract", () => {
  budgetStoreContract(() => new RedisBudgetStore(redis.one, { prefix: freshPrefix() }));
});

describe("RedisBudgetStore: WeightBudget over it", () => {
  weightBudgetContract(() => new RedisBudgetStore(redis.one, { prefix: freshPrefix() }));
});

describe("RedisBudgetStore: shared by two instances", () => {
  it("concurrent reservations from two connections never exceed the limit", async () => {
    const prefix = freshPrefix();
    const stores = [new RedisBudgetStore(redis.one, { prefix }), new RedisBudgetStore(redis.two, { prefix })];
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        stores[i % 2]!.tryReserve([{ key: "ip:h", weight: 3, limit: 100 }, { key: "uid:k", weight: 2, limit: 50 }], 10_000, now),
      ),
    );
    // uid allows 25 of these, ip 33: the tighter one decides, across both instances.
    expect(results.filter((r) => r.ok)).toHaveLength(25);
    expect(await stores[0]!.used("uid:k", now)).toBe(50);
    expect(await stores[1]!.used("ip:h", now)).toBe(75);
  });

  it("a reservation made by one instance is settled there and expires for both", async () => {
    const prefix = freshPrefix();
    const [a, b] = [new RedisBudgetStore(redis.one, { prefix }), new RedisBudgetStore(redis.two, { prefix })];
    const t = Date.now();
    const reserved = await a.tryReserve([{ key: "ip:h", weight: 10, limit: 10 }], 1_000, t);
    expect(reserved.ok).toBe(true);
    expect(await b.tryReserve([{ key: "ip:h", weight: 1, limit: 10 }], 1_000, t)).toEqual({ ok: false, retryAt: t + 20 });
    if (reserved.ok) await a.settle(reserved.id, t + 100, 1_000);
    expect(await b.tryReserve([{ key: "ip:h", weight: 1, limit: 10 }], 1_000, t + 200)).toEqual({ ok: false, retryAt: t + 1_100 });
    expect((await b.tryReserve([{ key: "ip:h", weight: 1, limit: 10 }], 1_000, t + 1_100)).ok).toBe(true);
    await b.pause(["ip:h"], t + 5_000);
    expect(await a.pausedUntil(["ip:h"], t + 1_200)).toBe(t + 5_000);
  });

  it("two budgets on two connections share one window: no window ever holds more than the limit", async () => {
    const prefix = freshPrefix();
    const windowMs = 300;
    const limit = 30;
    const budgets = [redis.one, redis.two].map((r) => new WeightBudget({ store: new RedisBudgetStore(r, { prefix }), ipLimit: limit, windowMs }));
    const granted: { at: number; done: number; weight: number }[] = [];
    await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const weight = 1 + (i % 4);
        const reservation = await budgets[i % 2]!.acquire({ endpoint: "t", ip: { key: "ip:shared", weight } });
        const at = Date.now();
        await new Promise((r) => setTimeout(r, 5 + (i % 3) * 10)); // the request's flight
        const done = Date.now();
        await reservation.settle();
        granted.push({ at, done, weight });
      }),
    );
    // Weight counts from its grant until its finish + window: at no grant time may more than the limit be counted.
    for (const g of granted) {
      const counted = granted.filter((o) => o.at <= g.at && o.done + windowMs > g.at).reduce((sum, o) => sum + o.weight, 0);
      expect(counted).toBeLessThanOrEqual(limit);
    }
    expect(granted).toHaveLength(24);
  });

  it("keys expire: Redis does not keep idle budgets", async () => {
    const prefix = freshPrefix();
    const store = new RedisBudgetStore(redis.one, { prefix, gcSlackMs: 1_000, inFlightLeaseMs: 5_000 });
    const t = Date.now();
    const r = await store.tryReserve([{ key: "ip:h", weight: 1, limit: 10 }], 1_000, t);
    if (r.ok) await store.settle(r.id, t, 1_000);
    await store.pause(["ip:h"], t + 500);
    const keys = await redis.one.keys(`${prefix}*`);
    expect(keys.length, "log and pause (an emptied in-flight set is gone)").toBe(2);
    for (const key of keys) {
      const ttl = await redis.one.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(6_000);
    }
    expect(keys.join(" "), "budget keys are hashed (they contain API keys)").not.toContain("ip:h");
  });
});

describe("RedisBudgetStore: Redis unreachable", () => {
  it("fails closed and fast: the call is refused as a typed 'retry shortly', nothing unmetered is sent; settle never throws", async () => {
    const down = createRedis("redis://127.0.0.1:1"); // nothing listens on port 1
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const store = new RedisBudgetStore(down, { prefix: freshPrefix() });
      const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 1_000 });
      const started = Date.now();
      await expect(budget.acquire({ endpoint: "account", ip: { key: "ip:h", weight: 1 } })).rejects.toMatchObject({ kind: "budget-queue-full", endpoint: "account" });
      expect(Date.now() - started).toBeLessThan(5_000);
      // A reservation whose settle finds Redis gone: the caller's answer must survive.
      const lost = await redis.connect();
      const lostStore = new RedisBudgetStore(lost, { prefix: freshPrefix() });
      const reserved = await lostStore.tryReserve([{ key: "ip:h", weight: 1, limit: 10 }], 1_000, Date.now());
      lost.disconnect();
      if (reserved.ok) await expect(lostStore.settle(reserved.id, Date.now(), 1_000)).resolves.toBeUndefined();
      expect(reserved.ok).toBe(true);
      expect(warn.mock.calls.some(([m]) => String(m).includes("settle failed"))).toBe(true);
    } finally {
      warn.mockRestore();
      down.disconnect();
    }
  });
});
