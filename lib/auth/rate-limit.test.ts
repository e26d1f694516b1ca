import { describe, expect, it } from "vitest";
import { clientIp, MemoryRateLimitStore } from "./rate-limit";
import { rateLimitStoreContract, signInLimiterContract } from "./rate-limit-contract";

describe("MemoryRateLimitStore", () => {
  rateLimitStoreContract(() => new MemoryRateLimitStore());
});

describe("sign-in rate limiting (memory store)", () => {
  signInLimiterContract(() => new MemoryRateLimitStore());
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
