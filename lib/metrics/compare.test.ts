import { describe, expect, it } from "vitest";
import { changeBetween, formatChange } from "./compare";
import { METRICS } from "./definitions";

describe("changes as each metric compares", () => {
  it("a rate compares in percentage points: 62.39 % → 63.42 % is +1.03 pp, not +1.6 %", () => {
    const change = changeBetween("0.6342", "0.6239", METRICS.effectiveRate.compare);
    expect(change).toBe("0.0103");
    expect(formatChange(change!, "points")).toBe("+1.03 pp");
  });
  it("amounts and counts compare relatively; a zero or unknown earlier figure has no change", () => {
    expect(formatChange(changeBetween("112.5", "100", METRICS.commission.compare)!, "relative")).toBe("+12.5%");
    expect(formatChange(changeBetween("90", "100", "relative")!, "relative")).toBe("-10.0%");
    expect(changeBetween("150", "100", "relative")).toBe("0.5");
    expect(changeBetween("50", "100", "relative")).toBe("-0.5");
    expect(changeBetween("5", "0", "relative")).toBeNull();
    expect(changeBetween("5", null, "relative")).toBeNull();
    expect(changeBetween("0.5", null, "points")).toBeNull();
  });
  it("every metric has a one-sentence definition, a unit, a comparison and a not-held rule", () => {
    for (const [key, m] of Object.entries(METRICS)) {
      expect(m.definition.trim().endsWith("."), key).toBe(true);
      expect(m.definition.split(/\.\s/).length, key).toBe(1);
      expect(["relative", "points"], key).toContain(m.compare);
      expect(m.compare === "points", key).toBe(m.unit === "rate" || m.unit === "share");
      expect(m.whereNotHeld, key).toMatch(/never 0/);
    }
  });
});
