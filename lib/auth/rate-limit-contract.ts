/**
 * The behaviour every RateLimitStore must have, as test cases run against each
 * implementation (rate-limit.test.ts, rate-limit-redis.test.ts): the store's
 * sliding log, and the sign-in limiter on top of it.
 */
import { expect, it } from "vitest";
import type { RateLimitStore } from "./rate-limit-memory";
import { SignInRateLimiter, type SignInLimits } from "./rate-limit";

export type RateLimitStoreFactory = () => RateLimitStore;

const T0 = 1_700_000_000_000;

/** The store's own contract. Call inside a describe(). */
export function rateLimitStoreContract(makeStore: RateLimitStoreFactory): void {
  it("counts events within the window, the current one included", async () => {
    const store = makeStore();
    expect(await store.hit("k", 1_000, T0)).toBe(1);
    expect(await store.hit("k", 1_000, T0 + 400)).toBe(2);
    expect(await store.count("k", 1_000, T0 + 999)).toBe(2);
    expect(await store.count("k", 1_000, T0 + 1_000), "an event exactly one window old is out").toBe(1);
    expect(await store.hit("k", 1_000, T0 + 1_400)).toBe(1);
    expect(await store.count("other", 1_000, T0)).toBe(0);
  });

  it("undo removes one event at exactly that time, and nothing else", async () => {
    const store = makeStore();
    await store.hit("k", 1_000, T0);
    await store.hit("k", 1_000, T0);
    await store.hit("k", 1_000, T0 + 1);
    await store.undo("k", T0);
    expect(await store.count("k", 1_000, T0 + 1)).toBe(2);
    await store.undo("k", T0 + 2);
    await store.undo("missing", T0);
    expect(await store.count("k", 1_000, T0 + 1)).toBe(2);
    await store.undo("k", T0);
    await store.undo("k", T0);
    expect(await store.count("k", 1_000, T0 + 1)).toBe(1);
  });

  it("reset forgets a key", async () => {
    const store = makeStore();
    await store.hit("k", 1_000, T0);
    await store.hit("j", 1_000, T0);
    await store.reset("k");
    expect(await store.count("k", 1_000, T0)).toBe(0);
    expect(await store.count("j", 1_000, T0)).toBe(1);
  });

  it("says how long until a full key has room for one more event", async () => {
    const store = makeStore();
    expect(await store.msUntilRoom("k", 3, 1_000, T0)).toBe(0);
    await store.hit("k", 1_000, T0);
    await store.hit("k", 1_000, T0 + 100);
    expect(await store.msUntilRoom("k", 3, 1_000, T0 + 200), "below the limit: room now").toBe(0);
    await store.hit("k", 1_000, T0 + 300);
    expect(await store.msUntilRoom("k", 3, 1_000, T0 + 400), "full: the oldest event must leave").toBe(600);
    await store.hit("k", 1_000, T0 + 500);
    expect(await store.msUntilRoom("k", 3, 1_000, T0 + 600), "one over: the two oldest must leave").toBe(500);
    expect(await store.msUntilRoom("k", 3, 1_000, T0 + 1_100)).toBe(0);
  });

  it("a parallel burst is counted exactly", async () => {
    const store = makeStore();
    const counts = await Promise.all(Array.from({ length: 30 }, () => store.hit("k", 60_000, T0)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
}

const LIMITS: SignInLimits = { perAccountAndIp: 5, perIp: 20, perAccount: 100, windowMs: 15 * 60_000 };

function limiter(store: RateLimitStore, limits: SignInLimits = LIMITS) {
  let now = 1_000_000;
  const clock = { advance: (ms: number) => (now += ms) };
  return { limiter: new SignInRateLimiter(store, limits, () => now), clock };
}

async function fail(l: SignInRateLimiter, account: string, ip: string): Promise<boolean> {
  const attempt = await l.begin(account, ip);
  if (!attempt) return false;
  await attempt.failed();
  return true;
}

/** The sign-in limiter over a store. Call inside a describe(). */
export function signInLimiterContract(makeStore: RateLimitStoreFactory): void {
  it("allows 5 failures per account and address, then refuses that address until the window passes", async () => {
    const { limiter: l, clock } = limiter(makeStore());
    for (let i = 0; i < 5; i++) expect(await fail(l, "a@x.io", "10.0.0.1")).toBe(true);
    expect(await l.begin("a@x.io", "10.0.0.1")).toBeNull();
    expect(await l.begin("A@X.IO ", "10.0.0.1"), "account keys are normalised").toBeNull();
    expect(await l.begin("b@x.io", "10.0.0.1"), "other accounts from that address are unaffected").not.toBeNull();
    clock.advance(15 * 60_000 + 1);
    expect(await l.begin("a@x.io", "10.0.0.1")).not.toBeNull();
  });

  it("failures from elsewhere never lock the owner out at their own address", async () => {
    const { limiter: l } = limiter(makeStore());
    for (let i = 0; i < 15; i++) await fail(l, "a@x.io", "6.6.6.6");
    for (let i = 0; i < 5; i++) await fail(l, "a@x.io", `6.6.7.${i}`);
    const owner = await l.begin("a@x.io", "198.51.100.1");
    expect(owner, "the owner's attempt is admitted").not.toBeNull();
    await owner?.succeeded();
  });

  it("keeps a global per-account ceiling of 100 failures, from any number of addresses", async () => {
    const { limiter: l, clock } = limiter(makeStore());
    for (let i = 0; i < 100; i++) expect(await fail(l, "a@x.io", `10.${Math.floor(i / 4)}.0.${i % 4}`)).toBe(true);
    expect(await l.begin("a@x.io", "198.51.100.1"), "over the ceiling: refused from a fresh address too").toBeNull();
    expect(await l.begin("b@x.io", "198.51.100.1"), "other accounts are unaffected").not.toBeNull();
    clock.advance(15 * 60_000 + 1);
    expect(await l.begin("a@x.io", "198.51.100.1")).not.toBeNull();
  });

  it("refused attempts don't extend the block", async () => {
    const { limiter: l, clock } = limiter(makeStore());
    for (let i = 0; i < 5; i++) await fail(l, "a@x.io", "1.1.1.1");
    clock.advance(10 * 60_000);
    for (let i = 0; i < 10; i++) expect(await l.begin("a@x.io", "1.1.1.1")).toBeNull();
    clock.advance(5 * 60_000 + 1);
    expect(await l.begin("a@x.io", "1.1.1.1")).not.toBeNull();
  });

  it("allows 20 failures per address across accounts", async () => {
    const { limiter: l } = limiter(makeStore());
    for (let i = 0; i < 20; i++) expect(await fail(l, `user${i}@x.io`, "9.9.9.9")).toBe(true);
    expect(await l.begin("fresh@x.io", "9.9.9.9")).toBeNull();
    expect(await l.begin("fresh@x.io", "9.9.9.8")).not.toBeNull();
  });

  it("counts attempts before the password check, so a parallel burst can't pass the limit", async () => {
    const { limiter: l } = limiter(makeStore());
    const attempts = await Promise.all(Array.from({ length: 12 }, () => l.begin("a@x.io", "1.2.3.4")));
    expect(attempts.filter(Boolean)).toHaveLength(5);
    const spread = limiter(makeStore(), { ...LIMITS, perAccount: 10 }).limiter;
    const fromMany = await Promise.all(Array.from({ length: 30 }, (_, i) => spread.begin("a@x.io", `1.2.4.${i}`)));
    expect(fromMany.filter(Boolean), "the ceiling holds under a burst from many addresses").toHaveLength(10);
  });

  it("a success clears the pair's failures and gives the address and the account their attempt back", async () => {
    const { limiter: l } = limiter(makeStore(), { perAccountAndIp: 3, perIp: 3, perAccount: 4, windowMs: 60_000 });
    await fail(l, "a@x.io", "5.5.5.5");
    await fail(l, "a@x.io", "5.5.5.5");
    const ok = await l.begin("a@x.io", "5.5.5.5");
    await ok?.succeeded();
    // The pair starts over; the address holds two failures, one more is allowed.
    expect(await fail(l, "a@x.io", "5.5.5.5")).toBe(true);
    expect(await l.begin("other@x.io", "5.5.5.5")).toBeNull();
    // The account holds three failures: one more from anywhere, then its ceiling.
    expect(await fail(l, "a@x.io", "5.5.5.6")).toBe(true);
    expect(await l.begin("a@x.io", "5.5.5.7")).toBeNull();
  });
}
