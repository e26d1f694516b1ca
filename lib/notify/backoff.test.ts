import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  const backoff = { baseMs: 30_000, capMs: 600_000 };

  it("doubles per attempt, with jitter in the upper half of the delay", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, backoff, () => 1))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, backoff, () => 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
  });

  it("stops growing at the cap", () => {
    expect(retryDelayMs(20, backoff, () => 1)).toBe(600_000);
    expect(retryDelayMs(20, backoff, () => 0)).toBe(300_000);
  });
});
