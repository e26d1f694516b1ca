import { describe, expect, it } from "vitest";
import { EMPTY_VALUE } from "./decimal";
import { formatUtcMinute, formatUtcTime } from "./time";

describe("formatUtcTime", () => {
  it("prints UTC seconds of a number or a digit string alike", () => {
    expect(formatUtcTime(1_700_000_000_123)).toBe("2023-11-14 22:13:20");
    expect(formatUtcTime("1700000000123")).toBe("2023-11-14 22:13:20");
  });

  it("prints the empty value for missing, zero, negative or unreadable times", () => {
    for (const value of [null, undefined, 0, -5, "", "abc", Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatUtcTime(value)).toBe(EMPTY_VALUE);
    }
  });
});

describe("formatUtcMinute", () => {
  it("prints UTC minutes of epoch milliseconds or an ISO timestamp alike", () => {
    expect(formatUtcMinute(1_700_000_000_123)).toBe("2023-11-14 22:13");
    expect(formatUtcMinute("2023-11-14T22:13:59.999Z")).toBe("2023-11-14 22:13");
    expect(formatUtcMinute("2023-11-15T07:13:00+09:00")).toBe("2023-11-14 22:13");
  });
});
