/**
 * The process's rate-limit store for one use ("signin", "share-unlock"): in
 * Redis when REDIS_URL is set (shared by every instance, falling back to memory
 * during an outage), else in memory. One per use, kept on globalThis so every
 * route bundle counts in the same place; a use gets its own namespace (and its
 * own memory store, whose sweep assumes one window length).
 */
import "server-only";
import { sharedRedis } from "../config/redis";
import { FallbackRateLimitStore } from "./rate-limit-fallback";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit-memory";
import { RedisRateLimitStore } from "./rate-limit-redis";

const KEY = Symbol.for("rebate-desk.rate-limit-stores");
type Holder = { [KEY]?: Map<string, RateLimitStore> };

export function rateLimitStore(use: string): RateLimitStore {
  const holder = globalThis as Holder;
  const stores = (holder[KEY] ??= new Map());
  let store = stores.get(use);
  if (!store) {
    const redis = sharedRedis();
    store = redis
      ? new FallbackRateLimitStore(new RedisRateLimitStore(redis, { prefix: `rd:rl:${use}:` }), new MemoryRateLimitStore(), use)
      : new MemoryRateLimitStore();
    stores.set(use, store);
  }
  return store;
}
