/**
 * The behaviour every BudgetStore must have, as test cases run against each
 * implementation (memory-store.test.ts, redis-store.test.ts): the store's own
 * contract on a fake clock, and WeightBudget's behaviour on top of it in real time.
 */
import { expect, it } from "vitest";
import { WeexError } from "../errors";
import type { BudgetStore } from "./store";
import { WeightBudget } from "./weight-budget";

export type StoreFactory = () => BudgetStore | Promise<BudgetStore>;

const T0 = 1_700_000_000_000;
const claim = (key: string, weight: number, limit: number) => ({ key, weight, limit });

async function reserveOk(store: BudgetStore, claims: Parameters<BudgetStore["tryReserve"]>[0], now: number, windowMs = 1_000): Promise<string> {
  const result = await store.tryReserve(claims, windowMs, now);
  if (!result.ok) throw new Error(`expected a reservation, got retryAt ${result.retryAt}`);
  return result.id;
}

/** The store contract on a fake clock. Call inside a describe(). */
export function budgetStoreContract(makeStore: StoreFactory): void {
  it("reserves while within the limit and counts in-flight weight until settled", async () => {
    const store = await makeStore();
    await reserveOk(store, [claim("ip:a", 6, 10)], T0);
    await reserveOk(store, [claim("ip:a", 4, 10)], T0);
    expect(await store.used("ip:a", T0)).toBe(10);
    expect(await store.used("ip:a", T0 + 60_000), "in flight: still counted a minute later").toBe(10);
    expect(await store.used("ip:b", T0)).toBe(0);
  });

  it("reserves every claim or none", async () => {
    const store = await makeStore();
    await reserveOk(store, [claim("uid:k", 8, 10)], T0);
    const refused = await store.tryReserve([claim("ip:a", 5, 100), claim("uid:k", 5, 10)], 1_000, T0);
    expect(refused.ok).toBe(false);
    expect(await store.used("ip:a", T0)).toBe(0);
    expect(await store.used("uid:k", T0)).toBe(8);
    await reserveOk(store, [claim("ip:a", 5, 100), claim("uid:k", 2, 10)], T0);
    expect(await store.used("ip:a", T0)).toBe(5);
    expect(await store.used("uid:k", T0)).toBe(10);
  });

  it("settled weight counts for exactly one window after the finish", async () => {
    const store = await makeStore();
    const id = await reserveOk(store, [claim("ip:a", 7, 10)], T0);
    await store.settle(id, T0 + 300, 1_000);
    expect(await store.used("ip:a", T0 + 1_299)).toBe(7);
    expect((await store.tryReserve([claim("ip:a", 10, 10)], 1_000, T0 + 1_299)).ok).toBe(false);
    expect(await store.used("ip:a", T0 + 1_300)).toBe(0);
    expect((await store.tryReserve([claim("ip:a", 10, 10)], 1_000, T0 + 1_300)).ok).toBe(true);
  });

  it("says when enough settled weight will have expired", async () => {
    const store = await makeStore();
    const first = await reserveOk(store, [claim("ip:a", 6, 10)], T0);
    const second = await reserveOk(store, [claim("ip:a", 4, 10)], T0 + 50);
    await store.settle(first, T0 + 100, 1_000);
    await store.settle(second, T0 + 300, 1_000);
    expect(await store.tryReserve([claim("ip:a", 5, 10)], 1_000, T0 + 400)).toEqual({ ok: false, retryAt: T0 + 1_100 });
    expect(await store.tryReserve([claim("ip:a", 8, 10)], 1_000, T0 + 400)).toEqual({ ok: false, retryAt: T0 + 1_300 });
  });

  it("polls soon when only in-flight weight blocks, and takes the latest time over all claims", async () => {
    const store = await makeStore();
    await reserveOk(store, [claim("ip:a", 10, 10)], T0);
    expect(await store.tryReserve([claim("ip:a", 1, 10)], 1_000, T0 + 5)).toEqual({ ok: false, retryAt: T0 + 25 });
    const settled = await reserveOk(store, [claim("uid:k", 10, 10)], T0);
    await store.settle(settled, T0 + 500, 1_000);
    const result = await store.tryReserve([claim("ip:a", 1, 10), claim("uid:k", 1, 10)], 1_000, T0 + 600);
    expect(result).toEqual({ ok: false, retryAt: T0 + 1_500 });
  });

  it("settle is idempotent, ignores unknown ids, and a settle at now - window frees the weight at once", async () => {
    const store = await makeStore();
    const id = await reserveOk(store, [claim("ip:a", 5, 10), claim("uid:k", 5, 10)], T0);
    await store.settle("no-such-reservation", T0, 1_000);
    await store.settle(id, T0 - 1_000, 1_000);
    await store.settle(id, T0 + 500, 1_000);
    expect(await store.used("ip:a", T0)).toBe(0);
    expect(await store.used("uid:k", T0)).toBe(0);
  });

  it("pauses keys until the latest pause, per key", async () => {
    const store = await makeStore();
    expect(await store.pausedUntil(["ip:a"], T0)).toBe(0);
    await store.pause(["ip:a", "uid:k"], T0 + 500);
    await store.pause(["ip:a"], T0 + 200); // an earlier pause never shortens a later one
    expect(await store.pausedUntil(["ip:a"], T0)).toBe(T0 + 500);
    await store.pause(["uid:k"], T0 + 900);
    expect(await store.pausedUntil(["ip:a", "uid:k"], T0)).toBe(T0 + 900);
    expect(await store.pausedUntil(["ip:b"], T0)).toBe(0);
    expect(await store.pausedUntil(["ip:a"], T0 + 500)).toBe(0);
    expect(await store.pausedUntil(["ip:a", "uid:k"], T0 + 899)).toBe(T0 + 900);
  });

  it("counts a key claimed twice in one reservation twice", async () => {
    const store = await makeStore();
    const id = await reserveOk(store, [claim("ip:a", 3, 10), claim("ip:a", 4, 10)], T0);
    expect(await store.used("ip:a", T0)).toBe(7);
    await store.settle(id, T0, 1_000);
    expect(await store.used("ip:a", T0 + 999)).toBe(7);
  });
}

const ip = (weight: number) => ({ endpoint: "t", ip: { key: "ip:x", weight } });

/** WeightBudget's behaviour over a store, in real time. Call inside a describe(). */
export function weightBudgetContract(makeStore: StoreFactory): void {
  it("grants while within budget and never lets the window exceed it", async () => {
    const budget = new WeightBudget({ store: await makeStore(), ipLimit: 50, windowMs: 200 });
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
    const store = await makeStore();
    const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 1_000 });
    const r = await budget.acquire(ip(10));
    expect(await store.used("ip:x", Date.now() + 60_000)).toBe(10);
    await r.settle();
    expect(await store.used("ip:x", Date.now())).toBe(10);
    expect(await store.used("ip:x", Date.now() + 1_001)).toBe(0);
  });

  it("reserves IP and UID weight together or not at all", async () => {
    const store = await makeStore();
    const budget = new WeightBudget({ store, ipLimit: 100, uidLimit: 10, windowMs: 60_000 });
    await budget.acquire({ endpoint: "t", ip: { key: "ip:x", weight: 1 }, uid: { key: "uid:k", weight: 10 } });
    const blocked = budget.acquire({ endpoint: "t", ip: { key: "ip:x", weight: 1 }, uid: { key: "uid:k", weight: 1 } });
    const race = await Promise.race([blocked.then(() => "granted"), new Promise((r) => setTimeout(() => r("waiting"), 80))]);
    expect(race).toBe("waiting");
    expect(await store.used("ip:x", Date.now())).toBe(1);
  });

  it("refuses a request heavier than the whole budget, and a full queue, at once", async () => {
    const budget = new WeightBudget({ store: await makeStore(), ipLimit: 10, windowMs: 60_000, maxQueue: 1 });
    await expect(budget.acquire(ip(11))).rejects.toBeInstanceOf(WeexError);
    await budget.acquire(ip(10));
    void budget.acquire(ip(1)).catch(() => undefined);
    await expect(budget.acquire(ip(1))).rejects.toMatchObject({ kind: "budget-queue-full" });
  });

  it("holds every claim while paused (Retry-After), then resumes", async () => {
    const budget = new WeightBudget({ store: await makeStore(), ipLimit: 100, windowMs: 1_000 });
    const until = Date.now() + 150;
    await budget.pause(["ip:x"], until);
    await budget.acquire(ip(1));
    expect(Date.now()).toBeGreaterThanOrEqual(until);
  });

  it("a request that will not wait past a 429 pause is refused at once with the time left; a patient one waits it out", async () => {
    const budget = new WeightBudget({ store: await makeStore(), ipLimit: 100, windowMs: 1_000 });
    const until = Date.now() + 600;
    await budget.pause(["ip:x"], until);
    const patient = budget.acquire(ip(1));
    const started = Date.now();
    const hurried = budget.acquire({ ...ip(1), waitUntil: started + 400 });
    await expect(hurried).rejects.toMatchObject({ kind: "budget-queue-full", retryAfterMs: expect.any(Number) });
    expect(Date.now() - started, "refused at once, not at its deadline").toBeLessThan(300);
    const retryAfterMs = await hurried.catch((e: WeexError) => e.retryAfterMs ?? 0);
    expect(retryAfterMs).toBeGreaterThan(200);
    expect(retryAfterMs).toBeLessThanOrEqual(1_000);
    await (await patient).settle();
    expect(Date.now()).toBeGreaterThanOrEqual(until);
  });

  it("a request still waiting at its waitUntil leaves the queue, costs nothing, and the budget stays exact", async () => {
    const store = await makeStore();
    const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 60_000 });
    const inFlight = await budget.acquire(ip(10)); // in flight: when it frees is unknown, so the waiter waits
    const started = Date.now();
    await expect(budget.acquire({ ...ip(5), waitUntil: started + 150 })).rejects.toMatchObject({ kind: "budget-queue-full" });
    // It waited (no refusal at once): until its deadline, or the last in-flight poll before it (stores poll every ~20 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(budget.queued).toBe(0);
    expect(await store.used("ip:x", Date.now())).toBe(10);
    await inFlight.settle();
    expect(await store.used("ip:x", Date.now())).toBe(10);
  });

  it("a request the window cannot take before its waitUntil is refused at once", async () => {
    const store = await makeStore();
    const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 1_000 });
    await (await budget.acquire(ip(10))).settle(); // counts for a whole window from now
    const started = Date.now();
    const refused = budget.acquire({ ...ip(1), waitUntil: started + 500 });
    await expect(refused).rejects.toMatchObject({ kind: "budget-queue-full" });
    expect(Date.now() - started, "refused at once, not at its deadline").toBeLessThan(400);
    expect(await refused.catch((e: WeexError) => e.retryAfterMs)).toBeGreaterThan(500);
    expect(await store.used("ip:x", Date.now())).toBe(10);
  });

  it("an aborted waiter leaves the queue and costs nothing", async () => {
    const store = await makeStore();
    const budget = new WeightBudget({ store, ipLimit: 10, windowMs: 60_000 });
    await budget.acquire(ip(10));
    const controller = new AbortController();
    const waiting = budget.acquire(ip(5), controller.signal);
    controller.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    expect(budget.queued).toBe(0);
    expect(await store.used("ip:x", Date.now())).toBe(10);
  });
}
