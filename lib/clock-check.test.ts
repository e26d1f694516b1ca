import { describe, expect, it } from "vitest";
import { checkTestClock } from "./clock-check";

const env = (vars: Record<string, string>) => ({ NODE_ENV: "test", ...vars }) as NodeJS.ProcessEnv;

describe("the TEST_CLOCK_FILE start-up check", () => {
  it("allows the test clock in demo mode and against an exchange on a loopback address", () => {
    expect(() => checkTestClock(env({ TEST_CLOCK_FILE: "/tmp/x" }))).not.toThrow();
    expect(() => checkTestClock(env({ TEST_CLOCK_FILE: "/tmp/x", WEEX_SPOT_BASE_URL: "http://127.0.0.1:4000" }))).not.toThrow();
    expect(() => checkTestClock(env({ TEST_CLOCK_FILE: "/tmp/x", WEEX_SPOT_BASE_URL: "http://localhost:4000", WEEX_CONTRACT_BASE_URL: "http://[::1]:4001" }))).not.toThrow();
  });

  it("refuses it against any other exchange, and ignores an unset one", () => {
    expect(() => checkTestClock(env({ TEST_CLOCK_FILE: "/tmp/x", WEEX_SPOT_BASE_URL: "https://api.weex.com" }))).toThrow(/TEST_CLOCK_FILE is for tests/);
    expect(() => checkTestClock(env({ TEST_CLOCK_FILE: "/tmp/x", WEEX_SPOT_BASE_URL: "http://127.0.0.1:4000", WEEX_CONTRACT_BASE_URL: "https://c.example" }))).toThrow();
    expect(() => checkTestClock(env({ WEEX_SPOT_BASE_URL: "https://api.weex.com" }))).not.toThrow();
  });
});
