import { describe, expect, it } from "vitest";
import { METRICS, type MetricDefinition } from "./definitions";
import { SUB_AFFILIATE_METRICS } from "./sub-affiliate";
import { CAMPAIGN_METRICS } from "./campaign-costs";

const ALL: ReadonlyArray<[string, MetricDefinition]> = [...Object.entries(METRICS), ...Object.entries(SUB_AFFILIATE_METRICS), ...Object.entries(CAMPAIGN_METRICS)];

describe("metric definitions, one home (lib/metrics) in one shape", () => {
  it("give every metric a label, a sentence, a unit, a comparison and the words where nothing is held", () => {
    for (const [key, m] of ALL) {
      expect(m.label.trim().length, key).toBeGreaterThan(0);
      // A label never carries its unit: the view adds "(USDT)" or "% of total".
      expect(m.label, key).not.toMatch(/\((USDT|BTC|%)/);
      expect(m.definition, key).toMatch(/^[A-Z].{30,}[.)]$/s);
      expect(["USDT", "count", "rate", "share"], key).toContain(m.unit);
      expect(["relative", "points"], key).toContain(m.compare);
      expect(m.whereNotHeld.length, key).toBeGreaterThan(0);
    }
  });

  it("name each metric once: no key and no label defined twice", () => {
    const keys = ALL.map(([key]) => key);
    expect(new Set(keys).size).toBe(keys.length);
    const labels = ALL.map(([, m]) => m.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
