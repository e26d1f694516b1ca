/**
 * Two app instances on one Redis: two clients, each with its own WeightBudget
 * over its own Redis connection, drawing on one shared budget against the real
 * sandbox exchange. Together they never meet a 429; the same load with two
 * in-process budgets (each believing it has the whole budget) does.
 */
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import { MemoryBudgetStore, WeightBudget } from "../../lib/weex/budget";
import { RedisBudgetStore } from "../../lib/weex/budget/redis-store";
import type { BudgetStore } from "../../lib/weex/budget/store";
import { ENDPOINTS } from "../../lib/weex/endpoints";
import { clientFor, startTestSandbox } from "../support/exchange";
import { testRedis } from "../support/redis";

const redis = testRedis();
let connections: Redis[];
beforeAll(async () => {
  connections = [await redis.connect(), await redis.connect()];
});
afterAll(() => redis.cleanup());

async function run(sandbox: RunningSandbox, stores: BudgetStore[], budgets = 4): Promise<number> {
  const { budget, windowMs } = sandbox.options;
  const clients = stores.map((store) =>
    clientFor(sandbox, "affiliate", { budget: new WeightBudget({ store, ipLimit: budget, uidLimit: budget, windowMs }), syncClock: false }),
  );
  const weight = ENDPOINTS.getAffiliateUIDs.weight.ip;
  const calls: Promise<unknown>[] = [];
  for (let total = 0, i = 0; total < budgets * budget; total += weight, i++) calls.push(clients[i % 2]!.call("getAffiliateUIDs", { pageSize: 1 }));
  await Promise.all(calls);
  return calls.length;
}

describe("a weight budget shared through Redis", () => {
  it("two instances together stay within the exchange's budget: no 429", async () => {
    const sandbox = await startTestSandbox({ budget: 100, windowMs: 500 });
    try {
      const prefix = `${redis.prefix}sandbox:`;
      const calls = await run(sandbox, connections.map((c) => new RedisBudgetStore(c, { prefix })));
      expect(calls).toBeGreaterThan(10);
      expect(sandbox.limiter.stats.tooMany).toBe(0);
      expect(sandbox.limiter.stats.banned).toBe(0);
    } finally {
      await sandbox.close();
    }
  }, 30_000);

  it("control: two in-process budgets over-send and meet 429s", async () => {
    // A short ban: the over-sending pair may earn 418s, whose wait is not what this test is about.
    const sandbox = await startTestSandbox({ budget: 100, windowMs: 500, banMs: 1_000 });
    try {
      await run(sandbox, [new MemoryBudgetStore(), new MemoryBudgetStore()], 2);
      expect(sandbox.limiter.stats.tooMany).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});
