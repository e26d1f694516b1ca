import { describe, expect, it } from "vitest";
import { WeexError } from "../errors";
import { MemoryBudgetStore } from "./memory-store";
import { WeightBudget } from "./weight-budget";

const ip = (weight: number) => ({ endpoint: "t", ip: { key: "ip:x", weight } });

describe("WeightBudget", () => {
  it("grants while within budget and never lets the window exceed it", async () => {
    const budget = new WeightBudget({ ipLimit: 50, windowMs: 200 });
    const grantedAt: number[] = [];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        const r = await budget.acquire(ip(10));
        grantedAt.push(Date.now() - started);
        await r.settle();
      }),
    );
    // 50 per 200 ms at 10 each: 5 at once, the rest only after earlier ones expire.
    grantedAt.sort((a, b) => a - b);
    expect(grantedAt.filter((t) => t < 150)).toHaveLength(5);
    for (let i = 5; i < grantedAt.length; i++) expect(grantedAt[i]! - grantedAt[i - 5]!).toBeGreaterThanOrEqual(195);
  });

  it("keeps in-flight weight counted until settled, then for a whole window", async () => {
    const store = new MemoryBudgetStore();
    const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 1_000 });
    const r = await budget.acquire(ip(10));
    expect(await store.used("ip:x", Date.now() + 60_000)).toBe(10);
    await r.settle();
    expect(await store.used("ip:x", Date.now())).toBe(10);
    expect(await store.used("ip:x", Date.now() + 1_001)).toBe(0);
  });

  it("reserves IP and UID weight together or not at all", async () => {
    const store = new MemoryBudgetStore();
    const budget = new WeightBudget({ store, ipLimit: 100, uidLimit: 10, windowMs: 60_000 });
    await budget.acquire({ endpoint: "t", ip: { key: "ip:x", weight: 1 }, uid: { key: "uid:k", weight: 10 } });
    const blocked = budget.acquire({ endpoint: "t", ip: { key: "ip:x", weight: 1 }, uid: { key: "uid:k", weight: 1 } });
    const race = await Promise.race([blocked.then(() => "granted"), new Promise((r) => setTimeout(() => r("waiting"), 80))]);
    expect(race).toBe("waiting");
    expect(await store.used("ip:x", Date.now())).toBe(1);
  });

  it("refuses a request heavier than the whole budget, and a full queue, at once", async () => {
    const budget = new WeightBudget({ ipLimit: 10, windowMs: 60_000, maxQueue: 1 });
    await expect(budget.acquire(ip(11))).rejects.toBeInstanceOf(WeexError);
    await budget.acquire(ip(10));
    void budget.acquire(ip(1)).catch(() => undefined);
    await expect(budget.acquire(ip(1))).rejects.toMatchObject({ kind: "budget-queue-full" });
  });

  it("holds every claim while paused (Retry-After), then resumes", async () => {
    const budget = new WeightBudget({ ipLimit: 100, windowMs: 1_000 });
    const until = Date.now() + 150;
    await budget.pause(["ip:x"], until);
    await budget.acquire(ip(1));
    expect(Date.now()).toBeGreaterThanOrEqual(until);
  });

  it("an aborted waiter leaves the queue and costs nothing", async () => {
    const store = new MemoryBudgetStore();
    const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 60_000 });
    await budget.acquire(ip(10));
    const controller = new AbortController();
    const waiting = budget.acquire(ip(5), controller.signal);
    controller.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    expect(budget.queued).toBe(0);
    expect(await store.used("ip:x", Date.now())).toBe(10);
  });
});
