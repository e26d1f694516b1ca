/**
 * The budget store of this process's exchange clients: Redis when REDIS_URL is
 * set, so every app instance draws on one budget per exchange key; otherwise
 * undefined, and each budget keeps its own in-process store as before.
 */
import "server-only";
import { sharedRedis } from "../../config/redis";
import { RedisBudgetStore } from "./redis-store";
import type { BudgetStore } from "./store";

const KEY = Symbol.for("rebate-desk.redis-budget-store");
type Holder = { [KEY]?: RedisBudgetStore };

export function sharedBudgetStore(): BudgetStore | undefined {
  const redis = sharedRedis();
  if (!redis) return undefined;
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new RedisBudgetStore(redis, { prefix: "rd:budget:" }));
}
