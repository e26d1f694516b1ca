import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { Dec } from "./decimal";
import { isMet, isReducing, isTriggerOnValidSide, limitCondition, nextPosition, thresholdTicks, triggerCondition, triggerDirection } from "./matching";

const tick = new Decimal("0.1");

describe("matching rules", () => {
  it("turns levels into exact tick thresholds", () => {
    expect(thresholdTicks("67000.05", tick, "DOWN")).toBe(670000); // price <= 67000.05 ⇔ ticks <= 670000
    expect(thresholdTicks("67000.05", tick, "UP")).toBe(670001); // price >= 67000.05 ⇔ ticks >= 670001
    expect(thresholdTicks("67000.1", tick, "UP")).toBe(670001);
    expect(thresholdTicks("67000.1", tick, "DOWN")).toBe(670001);
  });

  it("fills a BUY limit at or below the limit and a SELL limit at or above it", () => {
    const buy = limitCondition("BTCUSDT", "BUY", "100.0", tick);
    expect(isMet(buy, 1000)).toBe(true);
    expect(isMet(buy, 999)).toBe(true);
    expect(isMet(buy, 1001)).toBe(false);
    const sell = limitCondition("BTCUSDT", "SELL", "100.0", tick);
    expect(isMet(sell, 1000)).toBe(true);
    expect(isMet(sell, 1001)).toBe(true);
    expect(isMet(sell, 999)).toBe(false);
  });

  it("maps plan types and position sides to trigger directions", () => {
    expect(triggerDirection("TAKE_PROFIT", "LONG")).toBe("UP");
    expect(triggerDirection("STOP_LOSS", "LONG")).toBe("DOWN");
    expect(triggerDirection("TAKE_PROFIT", "SHORT")).toBe("DOWN");
    expect(triggerDirection("STOP_LOSS", "SHORT")).toBe("UP");
    const c = triggerCondition("BTCUSDT", "STOP_LOSS", "SHORT", "50", "MARK_PRICE", tick);
    expect(c).toMatchObject({ priceType: "MARK_PRICE", direction: "UP", thresholdTicks: 500 });
    expect(isMet(c, 499)).toBe(false);
    expect(isMet(c, 500)).toBe(true);
  });

  it("accepts only triggers strictly on the side that has not fired", () => {
    expect(isTriggerOnValidSide("UP", "101", "100")).toBe(true);
    expect(isTriggerOnValidSide("UP", "100", "100.0")).toBe(false);
    expect(isTriggerOnValidSide("DOWN", "99.99", "100")).toBe(true);
    expect(isTriggerOnValidSide("DOWN", "100.01", "100")).toBe(false);
  });

  it("opens, reduces and never goes below zero", () => {
    expect(isReducing("BUY", "LONG")).toBe(false);
    expect(isReducing("SELL", "LONG")).toBe(true);
    expect(isReducing("SELL", "SHORT")).toBe(false);
    expect(isReducing("BUY", "SHORT")).toBe(true);
    const zero = new Dec(0);
    expect(nextPosition(zero, "BUY", "LONG", "0.1").plus("0.2").toFixed()).toBe("0.3");
    expect(nextPosition(new Dec("1"), "SELL", "LONG", "0.4").toFixed()).toBe("0.6");
    expect(nextPosition(new Dec("1"), "BUY", "SHORT", "3").toFixed()).toBe("0");
  });
});
