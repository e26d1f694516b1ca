import { describe, expect, it } from "vitest";
import { envNumber, envWholeMs } from "./env-number";

describe("number settings from the environment", () => {
  it("takes the default when unset or blank, and the value when it keeps the rule", () => {
    expect(envWholeMs({}, "TICK_MS", 30_000)).toBe(30_000);
    expect(envWholeMs({ TICK_MS: "  " }, "TICK_MS", 30_000)).toBe(30_000);
    expect(envWholeMs({ TICK_MS: " 0 " }, "TICK_MS", 30_000)).toBe(0);
    expect(envNumber({ SHARE: "0.5" }, "SHARE", 1, (n) => n > 0 && n <= 1, "a number in (0, 1]")).toBe(0.5);
  });

  it("refuses a value that breaks the rule, naming the variable and the value", () => {
    for (const bad of ["-1", "1.5", "30s", "Infinity", "NaN"]) {
      expect(() => envWholeMs({ TICK_MS: bad }, "TICK_MS", 30_000)).toThrow(`TICK_MS must be a whole number ≥ 0, got "${bad}"`);
    }
  });
});
