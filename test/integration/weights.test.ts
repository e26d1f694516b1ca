/** Weight budgets: the sandbox enforces them, the client never exceeds them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, clientFor, rawRequest } from "../support/exchange";
import { WEIGHT_HEADERS, type RunningSandbox } from "../../lib/sandbox";
import { WeightBudget } from "../../lib/weex/budget";
import { ENDPOINTS } from "../../lib/weex/endpoints";

describe("the sandbox enforces weights", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ budget: 60, windowMs: 2_000, banMs: 5_000 });
  });
  afterAll(() => sandbox.close());

  it("tells the weight used in headers, answers 429 with Retry-After, then 418 when 429s are ignored", async () => {
    const first = await rawRequest(sandbox, { method: "GET", path: "/api/v3/rebate/affiliate/getAffiliateUIDs" });
    expect(first.status).toBe(200);
    expect(first.headers.get(WEIGHT_HEADERS.ip)).toBe("20");
    expect(first.headers.get(WEIGHT_HEADERS.uid)).toBe("20");
    expect(first.headers.get(WEIGHT_HEADERS.limit)).toBe("60");
    await rawRequest(sandbox, { method: "GET", path: "/api/v3/rebate/affiliate/getAffiliateUIDs" });
    await rawRequest(sandbox, { method: "GET", path: "/api/v3/rebate/affiliate/getAffiliateUIDs" });
    const over = await rawRequest(sandbox, { method: "GET", path: "/api/v3/rebate/affiliate/getAffiliateUIDs" });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: expect.any(Number), msg: expect.any(String) });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Ignoring Retry-After earns a ban with a longer Retry-After.
    let last = over;
    for (let i = 0; i < 3 && last.status !== 418; i++) last = await rawRequest(sandbox, { method: "GET", path: "/api/v3/account/" });
    expect(last.status).toBe(418);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(5);
    expect(sandbox.limiter.stats.banned).toBeGreaterThanOrEqual(1);
  });
});

describe("the client never exceeds the budget", () => {
  it("many concurrent callers at ten times the budget: all calls finish, no 429", async () => {
    const sandbox = await startTestSandbox({ budget: 100, windowMs: 500 });
    try {
      const client = clientFor(sandbox);
      await client.syncClock();
      const ops = [
        () => client.call("account"),
        () => client.call("spotOpenOrders"),
        () => client.call("ticker24hr", { symbol: "ETHUSDT" }),
        () => client.call("getAffiliateUIDs", { pageSize: 5 }),
        () => client.call("contractGetOrder", { orderId: "1" }).catch(() => "not found"),
      ];
      const weightOf = [ENDPOINTS.account, ENDPOINTS.spotOpenOrders, ENDPOINTS.ticker24hr, ENDPOINTS.getAffiliateUIDs, ENDPOINTS.contractGetOrder].map((e) => e.weight.ip);
      let total = 0;
      const calls: Array<Promise<unknown>> = [];
      for (let i = 0; total < 10 * sandbox.options.budget; i++) {
        total += weightOf[i % ops.length]!;
        calls.push(ops[i % ops.length]!());
      }
      const results = await Promise.all(calls);
      expect(results).toHaveLength(calls.length);
      expect(sandbox.limiter.stats.tooMany).toBe(0);
      expect(sandbox.limiter.stats.banned).toBe(0);
    } finally {
      await sandbox.close();
    }
  }, 30_000);

  it("honours Retry-After when its own budget is set too high, and is never banned", async () => {
    const strict = await startTestSandbox({ budget: 40, windowMs: 1_000 });
    try {
      // A client that believes the budget is far larger than the exchange's: it meets 429s, waits them out, carries on.
      const client = clientFor(strict, "affiliate", { budget: new WeightBudget({ ipLimit: 10_000, uidLimit: 10_000 }), syncClock: false });
      for (let i = 0; i < 8; i++) await client.call("getAffiliateUIDs", { pageSize: 1 });
      expect(strict.limiter.stats.tooMany).toBeGreaterThanOrEqual(1);
      expect(strict.limiter.stats.banned).toBe(0);
    } finally {
      await strict.close();
    }
  }, 30_000);
});
