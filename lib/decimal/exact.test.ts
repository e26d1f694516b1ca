import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { exactDifference, exactProduct, exactSum } from "./exact";

describe("exact decimal sums", () => {
  it("keeps digits the default decimal.js precision (20) rounds away", () => {
    const a = "12345678901.123456789012345678";
    const b = "0.000000000000000001";
    // The trap this module exists for: decimal.js' default rounds the sum to 20 significant digits.
    expect(new Decimal(a).plus(b).toFixed()).not.toBe("12345678901.123456789012345679");
    expect(exactSum([a, b])).toBe("12345678901.123456789012345679");
    expect(exactDifference(a, "12345678901")).toBe("0.123456789012345678");
  });

  it("prints plain notation for tiny and huge values, and 0 for nothing", () => {
    expect(exactSum([])).toBe("0");
    expect(exactSum(["1e-30"])).toBe("0.000000000000000000000000000001");
    expect(exactSum(["1e40", "1"])).toBe("10000000000000000000000000000000000000001");
    expect(exactDifference("-0.1", "0.2")).toBe("-0.3");
  });

  it("multiplies exactly: the product of scaled integers, beyond decimal.js' default 20 digits", () => {
    expect(exactProduct("0.00023008", "67250.5")).toBe("15.47299504");
    // 12345678901.123456789 × 98765.4321 = (12345678901123456789 × 987654321) / 10^(9+4)
    const digits = (12345678901123456789n * 987654321n).toString();
    expect(exactProduct("12345678901.123456789", "98765.4321")).toBe(`${digits.slice(0, -13)}.${digits.slice(-13)}`.replace(/\.?0+$/, ""));
  });
});
