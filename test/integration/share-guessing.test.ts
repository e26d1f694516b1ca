/**
 * Share-link guessing is throttled per address: the shared routes answer the
 * byte-identical not-found up to the limit, then 429 `{code,msg}` with
 * Retry-After for every share request of that address — an open link
 * included, so a guesser at the limit cannot tell a real token from a wrong one.
 * The wait is the limiter's own: until the oldest counted miss leaves the window.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit";
import { guessLimits, ShareGuessLimiter } from "@/lib/share/guess-limit";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("share-guessing", "analyst");

const randomToken = () => randomBytes(32).toString("base64url").slice(0, 43);

function data(token: string): Promise<Response> {
  return sharedData.GET(new Request(`http://localhost/r/${token}/data/commissions`), { params: Promise.resolve({ token, report: "commissions" }) });
}

describe("share-link guessing", () => {
  it("gets the identical 404 up to the limit, then 429 with Retry-After for every share route, real links included", async () => {
    app.role = "analyst";
    const created = await shareList.POST(
      new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify({ report: "commissions", label: "real", mode: "live", expiry: "1d" }), headers: { "content-type": "application/json" } }),
    );
    const real = ((await created.json()) as { path: string }).path.slice("/r/".length);
    // An open link is no guess: it does not count.
    for (let i = 0; i < 5; i++) expect((await data(real)).status).toBe(200);

    const { perAddress } = guessLimits();
    const bodies = new Set<string>();
    // The first miss, then the limiter's clock 10 minutes on for the rest: the wait is the 5 minutes left of the first's window.
    const realNow = Date.now.bind(Date);
    const later = vi.spyOn(Date, "now");
    try {
      for (let i = 0; i < perAddress; i++) {
        if (i === 1) later.mockImplementation(() => realNow() + 10 * 60_000);
        const res = await data(i % 2 ? randomToken() : "short");
        expect(res.status).toBe(404);
        bodies.add(await res.text());
      }
      expect(bodies.size).toBe(1);

      for (const res of [await data(randomToken()), await data(real), await sharedExport.GET(new Request(`http://localhost/r/${real}/data/commissions/export?table=daily`), { params: Promise.resolve({ token: real, report: "commissions" }) })]) {
        expect(res.status).toBe(429);
        const wait = Number(res.headers.get("retry-after"));
        expect(wait, "the first miss leaves the window 5 minutes on, not 15").toBeGreaterThan(240);
        expect(wait).toBeLessThanOrEqual(300);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.json()).toEqual({ code: "TOO_MANY_REQUESTS", msg: "Too many requests for links that do not exist. Wait 5 minutes and try again.", retryAfterSeconds: wait });
      }
    } finally {
      later.mockRestore();
    }
  });
});

describe("ShareGuessLimiter", () => {
  it("counts per address, refuses past the limit without counting the refusal, and frees slots as the window slides", async () => {
    const limiter = new ShareGuessLimiter(new MemoryRateLimitStore(), { perAddress: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await limiter.attempt("198.51.100.1", 1_000 + i)).allowed).toBe(true);
    // Room when the first miss (at 1 s) leaves the minute's window: 59 s after 2 s.
    expect(await limiter.attempt("198.51.100.1", 2_000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect((await limiter.attempt("198.51.100.2", 2_001)).allowed).toBe(true);
    // The first miss leaves the window: one slot again, and only one (the refusal was not counted).
    expect((await limiter.attempt("198.51.100.1", 61_000)).allowed).toBe(true);
    expect((await limiter.attempt("198.51.100.1", 61_000)).allowed).toBe(false);
  });

  it("looks up through the limit: a found link is no guess, a miss counts, past the limit nothing is looked up", async () => {
    const limiter = new ShareGuessLimiter(new MemoryRateLimitStore(), { perAddress: 2, windowMs: 60_000 });
    let lookups = 0;
    const find = (found: string | null) => async () => {
      lookups++;
      return found;
    };
    for (let i = 0; i < 5; i++) expect(await limiter.lookup("192.0.2.4", find("link"), 1_000 + i)).toEqual({ throttled: false, found: "link" });
    expect(await limiter.lookup("192.0.2.4", find(null), 2_000)).toEqual({ throttled: false, found: null });
    expect(await limiter.lookup("192.0.2.4", find(null), 2_001)).toEqual({ throttled: false, found: null });
    expect(lookups).toBe(7);
    expect(await limiter.lookup("192.0.2.4", find("link"), 2_002)).toEqual({ throttled: true, retryAfterSeconds: 60 });
    expect(lookups).toBe(7);
  });

  it("takes an attempt back when the link opened", async () => {
    const limiter = new ShareGuessLimiter(new MemoryRateLimitStore(), { perAddress: 2, windowMs: 60_000 });
    for (let i = 0; i < 10; i++) {
      const attempt = await limiter.attempt("203.0.113.9", 1_000 + i);
      if (!attempt.allowed) throw new Error(`attempt ${i} refused`);
      await attempt.opened();
    }
  });

  it("reads SHARE_GUESS_LIMIT, else 30 per 15 minutes", () => {
    expect(guessLimits({})).toEqual({ perAddress: 30, windowMs: 900_000 });
    expect(guessLimits({ SHARE_GUESS_LIMIT: "500" }).perAddress).toBe(500);
    expect(guessLimits({ SHARE_GUESS_LIMIT: "lots" }).perAddress).toBe(30);
  });
});
