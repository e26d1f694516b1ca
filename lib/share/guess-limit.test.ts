/**
 * The share-link guess limiter's refusal says the true wait, read from the
 * store's own counts: until the oldest counted miss leaves the window, not the
 * whole window — in memory and in Redis shared by two instances — and the 429
 * and the shared page's notice say the same minutes.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TooManyShareRequests } from "@/components/share/too-many-requests";
import { twoRedisConnections } from "@/test/support/redis";
import { MemoryRateLimitStore, type RateLimitStore } from "../auth/rate-limit";
import { RedisRateLimitStore } from "../auth/rate-limit-redis";
import { minutesWords } from "../format/time";
import { ShareGuessLimiter, tooManyGuesses } from "./guess-limit";

const redis = twoRedisConnections();
const WINDOW = 15 * 60_000;
const T0 = 1_800_000_000_000;

const sharedPrefix = () => redis.freshPrefix();

/** Two instances' stores: one process's memory (the same store), or two connections to one Redis. */
describe.each([
  ["memory", (): [RateLimitStore, RateLimitStore] => {
    const store = new MemoryRateLimitStore();
    return [store, store];
  }],
  ["Redis, two instances", (): [RateLimitStore, RateLimitStore] => {
    const prefix = sharedPrefix();
    return [new RedisRateLimitStore(redis.one, { prefix }), new RedisRateLimitStore(redis.two, { prefix })];
  }],
] as const)("the guess limiter's wait (%s)", (_name, stores) => {
  const limiters = () => stores().map((store) => new ShareGuessLimiter(store, { perAddress: 3, windowMs: WINDOW })) as [ShareGuessLimiter, ShareGuessLimiter];

  it("is the time until the oldest miss leaves the window, shrinking as it slides", async () => {
    const [one, two] = limiters();
    // Misses at 0, 4 and 5 minutes; refused at 9 minutes: room when the 0-minute miss leaves, at 15 — 6 minutes on.
    for (const minute of [0, 4, 5]) expect((await one.attempt("198.51.100.8", T0 + minute * 60_000)).allowed).toBe(true);
    expect(await two.attempt("198.51.100.8", T0 + 9 * 60_000)).toEqual({ allowed: false, retryAfterSeconds: 360 });
    expect(await one.attempt("198.51.100.8", T0 + 14 * 60_000 + 30_500), "half a second rounds up to a whole one").toEqual({ allowed: false, retryAfterSeconds: 30 });
    // The refusals counted nothing: at 15 minutes exactly one slot is free, then the 4-minute miss sets the wait.
    expect((await two.attempt("198.51.100.8", T0 + WINDOW)).allowed).toBe(true);
    expect(await one.attempt("198.51.100.8", T0 + WINDOW + 1)).toEqual({ allowed: false, retryAfterSeconds: 240 });
    expect((await one.attempt("198.51.100.9", T0 + WINDOW + 1)).allowed, "another address").toBe(true);
  });
});

describe("what the refusal says", () => {
  it("the 429's words and the shared page's notice give the same whole minutes, rounded up", () => {
    expect(tooManyGuesses(360)).toEqual({ code: "TOO_MANY_REQUESTS", msg: "Too many requests for links that do not exist. Wait 6 minutes and try again.", retryAfterSeconds: 360 });
    expect(tooManyGuesses(30).msg).toContain("Wait 1 minute and");
    expect(tooManyGuesses(61).msg).toContain("Wait 2 minutes and");
    for (const seconds of [1, 59, 60, 61, 360, 900]) {
      const notice = renderToStaticMarkup(createElement(TooManyShareRequests, { retryAfterSeconds: seconds }));
      expect(notice).toContain(`Wait ${minutesWords(seconds)} and try again.`);
      expect(tooManyGuesses(seconds).msg).toContain(`Wait ${minutesWords(seconds)} and try again.`);
    }
    expect(minutesWords(900)).toBe("15 minutes");
  });
});
