import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoRedisConnections } from "@/test/support/redis";
import { MemoryRateLimitStore } from "../auth/rate-limit";
import { RedisRateLimitStore } from "../auth/rate-limit-redis";
import { resetMasterKeyCache } from "../crypto/master-key";
import { hashToken, isWellFormedToken, maskUidFor, newLinkId, tokenForLink, unlockCookieName, unlockCookieValue } from "./token";
import { cookieValue } from "../api/cookies";
import { isUnlocked, UnlockLimiter } from "./unlock";

const redis = twoRedisConnections();

// A key of this test's own: no key file is written into a data folder.
const savedKey = process.env.APP_ENCRYPTION_KEY;
beforeAll(() => {
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  resetMasterKeyCache();
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.APP_ENCRYPTION_KEY;
  else process.env.APP_ENCRYPTION_KEY = savedKey;
  resetMasterKeyCache();
});

describe("share tokens", () => {
  it("are 43 url-safe characters carrying a 128-bit random id, stable per link and distinct across links", () => {
    const id = newLinkId();
    expect(Buffer.from(id, "base64url")).toHaveLength(16);
    const token = tokenForLink(id);
    expect(isWellFormedToken(token)).toBe(true);
    expect(tokenForLink(id)).toBe(token);
    expect(tokenForLink(newLinkId())).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(isWellFormedToken(`${token}x`)).toBe(false);
    expect(isWellFormedToken("../../etc/passwd")).toBe(false);
  });

  it("mask uids with a pseudonym stable within a link and different across links", () => {
    const a = maskUidFor("link-a");
    const b = maskUidFor("link-b");
    expect(a("1234567")).toBe(a("1234567"));
    expect(a("1234567")).not.toBe(a("1234568"));
    expect(a("1234567")).not.toBe(b("1234567"));
    expect(a("1234567")).toMatch(/^inv-[0-9a-f]{8}$/);
  });
});

describe("unlocking a password link", () => {
  const link = { id: "abc", passwordHash: "$2b$04$hash" };

  it("needs the link's own cookie value, which changes with the password and never holds it", () => {
    const value = unlockCookieValue(link.id, link.passwordHash);
    expect(isUnlocked(link, value)).toBe(true);
    expect(isUnlocked(link, undefined)).toBe(false);
    expect(isUnlocked(link, `${value}x`)).toBe(false);
    expect(isUnlocked({ ...link, passwordHash: "$2b$04$other" }, value)).toBe(false);
    expect(isUnlocked({ id: "other", passwordHash: link.passwordHash }, value)).toBe(false);
    expect(isUnlocked({ id: "open", passwordHash: null }, undefined)).toBe(true);
    expect(cookieValue(`a=1; ${unlockCookieName(link.id)}=${value}; b=2`, unlockCookieName(link.id))).toBe(value);
  });

  it("limits guesses per IP and per link; a right answer takes its attempt back", async () => {
    const limiter = new UnlockLimiter(new MemoryRateLimitStore(), { perIp: 3, perLink: 5, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await limiter.attempt("L", "1.1.1.1", 1000 + i)).allowed).toBe(true);
    // Refused until the first of the three leaves the window: 1000 + 60 000 − 2000 ms.
    expect(await limiter.attempt("L", "1.1.1.1", 2000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect((await limiter.attempt("L", "2.2.2.2", 2001)).allowed).toBe(true);
    const ok = await limiter.attempt("L", "3.3.3.3", 2002);
    expect(ok.allowed).toBe(true);
    if (ok.allowed) await ok.undo();
    expect((await limiter.attempt("L", "3.3.3.3", 2003)).allowed).toBe(true);
    // Five counted attempts on the link from anywhere: the link is closed to guesses for the window.
    expect(await limiter.attempt("L", "4.4.4.4", 2004)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(await limiter.attempt("L", "4.4.4.4", 31_000), "the wait shrinks as the window slides").toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await limiter.attempt("L", "4.4.4.4", 62_005)).allowed).toBe(true);
    expect((await limiter.attempt("M", "1.1.1.1", 2005)).allowed).toBe(true);
  });

  it.each([
    ["memory", () => new MemoryRateLimitStore()],
    ["Redis, two instances", () => new RedisRateLimitStore(redis.one, { prefix: redis.freshPrefix() })],
  ] as const)("guesses from elsewhere never lock the link's recipient out; the link's ceiling is 100 (%s)", async (_name, makeStore) => {
    const limiter = new UnlockLimiter(makeStore());
    for (let i = 0; i < 40; i++) await limiter.attempt("R", `6.6.${Math.floor(i / 5)}.${i % 5}`, 1000 + i);
    expect((await limiter.attempt("R", "198.51.100.3", 2000)).allowed, "the recipient after 40 wrong guesses from others").toBe(true);
    for (let i = 40; i < 99; i++) await limiter.attempt("R", `6.6.${Math.floor(i / 5)}.${i % 5}`, 2000 + i);
    expect((await limiter.attempt("R", "198.51.100.4", 3000)).allowed, "past the ceiling, from anywhere").toBe(false);
    expect((await limiter.attempt("S", "198.51.100.4", 3000)).allowed, "other links are unaffected").toBe(true);
  });

  it("lets no burst of parallel guesses past the limit", async () => {
    const limiter = new UnlockLimiter(new MemoryRateLimitStore(), { perIp: 5, perLink: 30, windowMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 12 }, () => limiter.attempt("P", "9.9.9.9", 5000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
