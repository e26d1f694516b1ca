/** A downloaded chart carries the view's coverage note under its "data as of", wrapped to its width, or nothing when whole. */
import { describe, expect, it } from "vitest";
import { buildStandaloneSvg } from "@/components/reports/chart-image";

const base = {
  chartMarkup: "<g/>",
  chartWidth: 400,
  chartHeight: 200,
  viewBox: "0 0 400 200",
  title: "Commission per period in USDT",
  scope: "2025-10-20 – 2025-11-30 · USDT",
  asOfText: "Data as of 2025-12-10 13:56 UTC",
  legend: [{ label: "Not synced (no data, not zero)", color: "#94a3b8" }],
};

describe("chart image coverage note", () => {
  it("writes the note's lines below the as-of line and grows the image by them", () => {
    const note = "Partial: history from 2025-11-25; days outside it are not synced, so totals cover 2025-11-25 → 2025-11-30 only.";
    const whole = buildStandaloneSvg({ ...base, coverageNote: "" });
    const partial = buildStandaloneSvg({ ...base, coverageNote: note });
    const lines = [...partial.svg.matchAll(/<text[^>]*data-coverage-note=""[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines.length).toBeGreaterThan(1); // 400 px wide: the sentence wraps
    expect(lines.join(" ")).toBe(note.replace(/&/g, "&amp;"));
    expect(partial.height - whole.height).toBe(17 * lines.length);
    expect(whole.svg).not.toContain("data-coverage-note");
    expect(partial.svg.indexOf("Data as of")).toBeLessThan(partial.svg.indexOf("Partial: history"));
  });
});
