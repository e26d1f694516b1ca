import { describe } from "vitest";
import { MemoryRateLimitStore } from "./rate-limit";
import { rateLimitStoreContract, signInLimiterContract } from "./rate-limit-contract";

describe("MemoryRateLimitStore", () => {
  rateLimitStoreContract(() => new MemoryRateLimitStore());
});

describe("sign-in rate limiting (memory store)", () => {
  signInLimiterContract(() => new MemoryRateLimitStore());
});
