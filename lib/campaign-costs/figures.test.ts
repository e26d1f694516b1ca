import { describe, expect, it } from "vitest";
import { costPer, cumulative, NO_COST, ratioWords, returnOf, valuedFigure, type Valued } from "./figures";

const usdt = (v: string): Valued => ({ usdt: v, notValued: [], natives: [{ coin: "USDT", amount: v }] });
const unvalued: Valued = { usdt: null, notValued: ["ETH"], natives: [{ coin: "ETH", amount: "1" }] };

describe("campaign figures", () => {
  it("divide a valued cost by a count exactly, and say why a figure is blank — never 0 or ∞", () => {
    expect(costPer(usdt("100"), 3, "first trades")).toEqual({ value: "33.33333333", blank: null });
    expect(costPer(usdt("100"), 0, "first trades")).toEqual({ value: null, blank: "no first trades yet: nothing to divide by" });
    expect(costPer(undefined, 5, "sign-ups")).toEqual({ value: null, blank: NO_COST });
    expect(costPer(unvalued, 5, "sign-ups").blank).toContain("ETH");
  });

  it("return is commission ÷ cost as a ratio; blank without a cost or a valued commission", () => {
    expect(returnOf({ value: "250", blank: null }, usdt("200"))).toEqual({ value: "1.25", blank: null });
    expect(returnOf({ value: "0", blank: null }, usdt("200")).value).toBe("0");
    expect(returnOf({ value: "1", blank: null }, undefined).blank).toBe(NO_COST);
    expect(returnOf({ value: null, blank: "not synced" }, usdt("1")).blank).toBe("commission not synced");
    expect(ratioWords("1.256")).toBe("1.26×");
    expect(ratioWords(null)).toBe("—");
  });

  it("keep a running sum exact, and not valued from the first day that is not", () => {
    expect(cumulative(["0.1", "0.2", null, "1"])).toEqual(["0.1", "0.3", null, null]);
    expect(valuedFigure(undefined, { value: "0", blank: null }).value).toBe("0");
  });
});
