import { describe, expect, it } from "vitest";
import { clientIp, MemoryRateLimitStore, SignInRateLimiter } from "./rate-limit";

function limiter(limits = { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 }) {
  let now = 1_000_000;
  const clock = { advance: (ms: number) => (now += ms) };
  return { limiter: new SignInRateLimiter(new MemoryRateLimitStore(), limits, () => now), clock };
}

async function fail(l: SignInRateLimiter, account: string, ip: string): Promise<boolean> {
  const attempt = await l.begin(account, ip);
  if (!attempt) return false;
  await attempt.failed();
  return true;
}

describe("sign-in rate limiting", () => {
  it("allows 5 failures per account, then refuses until the window passes", async () => {
    const { limiter: l, clock } = limiter();
    for (let i = 0; i < 5; i++) expect(await fail(l, "a@x.io", `10.0.0.${i}`)).toBe(true);
    expect(await l.begin("a@x.io", "10.0.1.1")).toBeNull();
    expect(await l.begin("A@X.IO ", "10.0.1.2"), "account keys are normalised").toBeNull();
    expect(await l.begin("b@x.io", "10.0.1.3"), "other accounts are unaffected").not.toBeNull();
    clock.advance(15 * 60_000 + 1);
    expect(await l.begin("a@x.io", "10.0.1.1")).not.toBeNull();
  });

  it("refused attempts don't extend the block", async () => {
    const { limiter: l, clock } = limiter();
    for (let i = 0; i < 5; i++) await fail(l, "a@x.io", "1.1.1.1");
    clock.advance(10 * 60_000);
    for (let i = 0; i < 10; i++) expect(await l.begin("a@x.io", "1.1.1.1")).toBeNull();
    clock.advance(5 * 60_000 + 1);
    expect(await l.begin("a@x.io", "1.1.1.1")).not.toBeNull();
  });

  it("allows 20 failures per IP across accounts", async () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 20; i++) expect(await fail(l, `user${i}@x.io`, "9.9.9.9")).toBe(true);
    expect(await l.begin("fresh@x.io", "9.9.9.9")).toBeNull();
    expect(await l.begin("fresh@x.io", "9.9.9.8")).not.toBeNull();
  });

  it("counts attempts before the password check, so a parallel burst can't pass the limit", async () => {
    const { limiter: l } = limiter();
    const attempts = await Promise.all(Array.from({ length: 12 }, () => l.begin("a@x.io", "1.2.3.4")));
    expect(attempts.filter(Boolean)).toHaveLength(5);
  });

  it("a success clears the account's failures and gives the IP its attempt back", async () => {
    const { limiter: l } = limiter({ perAccount: 3, perIp: 3, windowMs: 60_000 });
    await fail(l, "a@x.io", "5.5.5.5");
    await fail(l, "a@x.io", "5.5.5.5");
    const ok = await l.begin("a@x.io", "5.5.5.5");
    await ok?.succeeded();
    // The account starts over; the IP holds two failures, one more is allowed.
    expect(await fail(l, "a@x.io", "5.5.5.5")).toBe(true);
    expect(await l.begin("other@x.io", "5.5.5.5")).toBeNull();
  });
});

describe("clientIp", () => {
  it("takes the first x-forwarded-for entry", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp({ "x-forwarded-for": "198.51.100.2" })).toBe("198.51.100.2");
  });
  it("falls back to x-real-ip, the socket address, then 'unknown'", () => {
    expect(clientIp({ "x-real-ip": "192.0.2.1" })).toBe("192.0.2.1");
    expect(clientIp({}, "::1")).toBe("::1");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});
