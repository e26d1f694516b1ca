import { describe, expect, it } from "vitest";
import { coinDecimals, exactAmount, formatCoinAmount, formatCount, formatInUnit } from "./amount";

describe("amounts per coin", () => {
  it("USDT at 2 decimals, BTC at 8, rounded half up in decimal, padded", () => {
    expect(formatCoinAmount("1234567.005", "USDT")).toBe("1,234,567.01");
    expect(formatCoinAmount("1.5", "USDT")).toBe("1.50");
    expect(formatCoinAmount("0.123456785", "BTC")).toBe("0.12345679");
    expect(formatCoinAmount("2", "BTC")).toBe("2.00000000");
    expect(formatCoinAmount("-0.004", "USDT")).toBe("0.00");
    expect(formatCoinAmount("12.3456", "USDT", { dp: 0 })).toBe("12");
  });

  it("a coin we do not know keeps 8 decimals; names are case-insensitive", () => {
    expect(coinDecimals("usdt")).toBe(2);
    expect(coinDecimals("DOGE")).toBe(8);
    expect(coinDecimals(undefined)).toBe(8);
  });

  it("keeps every digit for the title or tooltip", () => {
    expect(exactAmount("1234567.004999999999999999", "USDT")).toBe("1,234,567.004999999999999999 USDT");
    expect(exactAmount("-12.345678901234567891")).toBe("-12.345678901234567891");
    expect(exactAmount(null, "USDT")).toBe("—");
  });

  it("counts are whole and grouped", () => {
    expect(formatCount("12345")).toBe("12,345");
    expect(formatCount(7)).toBe("7");
    expect(formatCount("x")).toBe("—");
  });

  it("a chart table's figure: a coin we know at its decimals, any other unit grouped with at most 8 decimals", () => {
    expect(formatInUnit("29.87939600250", "USDT")).toBe("29.88");
    expect(formatInUnit("1234.5", "usdt")).toBe("1,234.50");
    expect(formatInUnit("95.19314705", "≈ USDT")).toBe("95.19");
    expect(formatInUnit("0.0000027275", "BTC")).toBe("0.00000273");
    expect(formatInUnit("12.3456789012", "% of total")).toBe("12.3456789");
    expect(formatInUnit("1512", "sign-ups")).toBe("1,512");
    expect(formatInUnit("", "USDT")).toBe("—");
  });
});
