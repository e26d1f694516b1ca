import { describe, expect, it } from "vitest";
import {
  EMPTY_VALUE,
  compareDecimals,
  decimalsOf,
  directionOf,
  formatCompact,
  formatDecimal,
  formatFractionAsPercent,
  formatPrice,
  formatRateAsPercent,
  spreadOf,
  toDecimal,
} from "./decimal";

describe("toDecimal", () => {
  it("reads decimal strings and finite numbers, refuses the rest", () => {
    expect(toDecimal("0.1")?.toFixed()).toBe("0.1");
    expect(toDecimal(" 42 ")?.toFixed()).toBe("42");
    expect(toDecimal(1.5)?.toFixed()).toBe("1.5");
    expect(toDecimal("")).toBeNull();
    expect(toDecimal("abc")).toBeNull();
    expect(toDecimal(null)).toBeNull();
    expect(toDecimal(undefined)).toBeNull();
    expect(toDecimal(Number.NaN)).toBeNull();
    expect(toDecimal("Infinity")).toBeNull();
  });

  it("keeps every digit of long values", () => {
    expect(toDecimal("123456789012345678.123456789")?.toFixed()).toBe("123456789012345678.123456789");
  });
});

describe("decimalsOf", () => {
  it("counts the significant decimals of a tick or step size", () => {
    expect(decimalsOf("0.0100")).toBe(2);
    expect(decimalsOf("0.01")).toBe(2);
    expect(decimalsOf("1")).toBe(0);
    expect(decimalsOf("10")).toBe(0);
    expect(decimalsOf("0.00000001")).toBe(8);
    expect(decimalsOf("1e-6")).toBe(6);
  });

  it("gives null for zero, negative or unreadable sizes", () => {
    expect(decimalsOf("0")).toBeNull();
    expect(decimalsOf("-0.1")).toBeNull();
    expect(decimalsOf("x")).toBeNull();
    expect(decimalsOf(undefined)).toBeNull();
  });
});

describe("formatDecimal", () => {
  it("groups thousands and rounds half up to a fixed number of decimals", () => {
    expect(formatDecimal("12345.678", { dp: 2 })).toBe("12,345.68");
    expect(formatDecimal("1234567.005", { dp: 2 })).toBe("1,234,567.01");
    expect(formatDecimal("0.125", { dp: 2 })).toBe("0.13");
    expect(formatDecimal("-0.125", { dp: 2 })).toBe("-0.13");
    expect(formatDecimal("999", { dp: 0 })).toBe("999");
    expect(formatDecimal("1000", { dp: 0 })).toBe("1,000");
  });

  it("has no float errors", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; the string path never sees a float.
    expect(formatDecimal("0.30000000000000000001")).toBe("0.30000000000000000001");
    expect(formatDecimal("0.1", { dp: 20 })).toBe("0.10000000000000000000");
    expect(formatDecimal("9007199254740993")).toBe("9,007,199,254,740,993");
  });

  it("keeps the value's own decimals unless told otherwise", () => {
    expect(formatDecimal("1.50")).toBe("1.5");
    expect(formatDecimal("1.5", { minDp: 2 })).toBe("1.50");
    expect(formatDecimal("1.23456", { maxDp: 3 })).toBe("1.235");
    expect(formatDecimal("1.2", { minDp: 4, maxDp: 2 })).toBe("1.20");
  });

  it("never shows a signed zero and adds + only when asked", () => {
    expect(formatDecimal("-0.001", { dp: 2 })).toBe("0.00");
    expect(formatDecimal("0", { dp: 2, sign: true })).toBe("0.00");
    expect(formatDecimal("5", { dp: 1, sign: true })).toBe("+5.0");
    expect(formatDecimal("-5", { dp: 1, sign: true })).toBe("-5.0");
  });

  it("can leave out the separators", () => {
    expect(formatDecimal("1234567.5", { group: false })).toBe("1234567.5");
  });

  it("prints a dash for missing values", () => {
    expect(formatDecimal(undefined)).toBe(EMPTY_VALUE);
    expect(formatDecimal("n/a", { dp: 2 })).toBe(EMPTY_VALUE);
  });
});

describe("formatPrice", () => {
  it("uses the decimals of the tick size", () => {
    expect(formatPrice("64321.5", "0.01")).toBe("64,321.50");
    expect(formatPrice("0.123456", "0.0001")).toBe("0.1235");
    expect(formatPrice("3.1", "1")).toBe("3");
    expect(formatPrice("12.5", "0.1", { sign: true })).toBe("+12.5");
  });

  it("falls back to the value's decimals, at most 8", () => {
    expect(formatPrice("0.123456789123")).toBe("0.12345679");
    expect(formatPrice("101.5", undefined)).toBe("101.5");
  });
});

describe("formatFractionAsPercent", () => {
  it("reads priceChangePercent as a fraction (addendum): -0.033811 is -3.38 %", () => {
    expect(formatFractionAsPercent("-0.033811")).toBe("-3.38%");
    expect(formatFractionAsPercent("0.033811", { sign: true })).toBe("+3.38%");
    expect(formatFractionAsPercent("-0.033811", { sign: true })).toBe("-3.38%");
    expect(formatFractionAsPercent("0.00005", { sign: true })).toBe("+0.01%");
  });

  it("shows zero without a sign, even when a tiny negative rounds to it", () => {
    expect(formatFractionAsPercent("0", { sign: true })).toBe("0.00%");
    expect(formatFractionAsPercent("-0.000001", { sign: true })).toBe("0.00%");
  });

  it("formats fee rates with more decimals", () => {
    expect(formatFractionAsPercent("0.001", { dp: 3 })).toBe("0.100%");
    expect(formatFractionAsPercent("0.0002", { dp: 3 })).toBe("0.020%");
  });

  it("prints a dash for missing values", () => {
    expect(formatFractionAsPercent(null)).toBe(EMPTY_VALUE);
  });
});

describe("formatRateAsPercent", () => {
  it("shows fee rates with the decimals they need, between 2 and 4", () => {
    expect(formatRateAsPercent("0.001")).toBe("0.10%");
    expect(formatRateAsPercent("0.000125")).toBe("0.0125%");
    expect(formatRateAsPercent("0.0000125")).toBe("0.0013%");
    expect(formatRateAsPercent("0")).toBe("0.00%");
    expect(formatRateAsPercent(undefined)).toBe(EMPTY_VALUE);
  });
});

describe("directionOf", () => {
  it("tells up, down and flat as the value will show", () => {
    expect(directionOf("0.01")).toBe("up");
    expect(directionOf("-0.01")).toBe("down");
    expect(directionOf("0")).toBe("flat");
    expect(directionOf("-0.0001", 2)).toBe("flat");
    expect(directionOf("garbage")).toBe("flat");
  });
});

describe("spreadOf", () => {
  it("computes ask − bid and its basis points of the mid exactly", () => {
    expect(spreadOf("99.9", "100.1")).toEqual({ absolute: "0.2", bps: "20" });
    const s = spreadOf("0.1", "0.3");
    expect(s?.absolute).toBe("0.2");
    expect(s?.bps).toBe("10000");
    expect(formatDecimal(spreadOf("64000.00", "64000.10")?.bps, { dp: 2 })).toBe("0.02");
  });

  it("gives null for missing, zero or crossed books", () => {
    expect(spreadOf("0", "1")).toBeNull();
    expect(spreadOf("1", undefined)).toBeNull();
    expect(spreadOf("2", "1")).toBeNull();
  });
});

describe("formatCompact", () => {
  it("shortens large values with K/M/B/T", () => {
    expect(formatCompact("999.994")).toBe("999.99");
    expect(formatCompact("1234")).toBe("1.23K");
    expect(formatCompact("1234567.89")).toBe("1.23M");
    expect(formatCompact("999999.9")).toBe("1.00M");
    expect(formatCompact("-2500000000")).toBe("-2.50B");
    expect(formatCompact("7100000000000")).toBe("7.10T");
    expect(formatCompact("")).toBe(EMPTY_VALUE);
  });
});

describe("compareDecimals", () => {
  it("orders numerically, not lexically, with unreadable values last", () => {
    const values = ["10", "9.5", "-1", "x", "0.0000001", "100"];
    expect([...values].sort(compareDecimals)).toEqual(["-1", "0.0000001", "9.5", "10", "100", "x"]);
    expect(compareDecimals("1.0", "1")).toBe(0);
  });
});
