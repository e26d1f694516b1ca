/** A downloaded chart lists its annotations under the chart, escaped and wrapped, and grows by their lines; none: unchanged. */
import { describe, expect, it } from "vitest";
import { buildStandaloneSvg } from "@/components/reports/chart-image";
import { chartMarkers } from "@/lib/annotations/markers";
import type { Annotation } from "@/lib/annotations/types";

const base = {
  chartMarkup: "<g/>",
  chartWidth: 400,
  chartHeight: 200,
  viewBox: "0 0 400 200",
  title: "Commission per period in USDT",
  scope: "2025-10-20 – 2025-11-30 · USDT",
  asOfText: "Data as of 2025-12-10 13:56 UTC",
  coverageNote: "",
  legend: [],
};

describe("chart image annotations", () => {
  it("lists the notes under the chart, one line each (wrapped), and grows the image by them", () => {
    const plain = buildStandaloneSvg(base);
    const noted = buildStandaloneSvg({ ...base, notes: ["1. 2025-11-02 Campaign <EU> & co", "2. 2025-11-20 Outage"] });
    expect(buildStandaloneSvg({ ...base, notes: [] }).svg).toBe(plain.svg);
    expect(noted.svg).toContain("1. 2025-11-02 Campaign &lt;EU&gt; &amp; co");
    expect(noted.svg.match(/data-annotation-note/g)).toHaveLength(2);
    expect(noted.height).toBeGreaterThan(plain.height + 2 * 17 - 1);
    const long = buildStandaloneSvg({ ...base, notes: [`1. 2025-11-02 ${"word ".repeat(60)}`] });
    expect(long.svg.match(/data-annotation-note/g)!.length).toBeGreaterThan(1);
  });
});

describe("chart markers", () => {
  const note = (id: string, day: string, text: string): Annotation => ({ id, day, text, inviteCode: null, subAffiliateUid: null, createdByEmail: "", updatedAt: 0, updatedByEmail: "" });
  it("stand at the bucket holding each day, numbered as the list, several in one bucket together", () => {
    const weeks = [{ bucket: "2025-11-03", x: "2025-11-03" }, { bucket: "2025-11-10", x: "2025-11-10 (today, partial)" }];
    const markers = chartMarkers([note("a", "2025-11-04", "one"), note("b", "2025-11-09", "two"), note("c", "2025-11-11", "three")], weeks);
    expect(markers).toEqual([
      { x: "2025-11-03", label: "1, 2", title: "2025-11-04: one\n2025-11-09: two" },
      { x: "2025-11-10 (today, partial)", label: "3", title: "2025-11-11: three" },
    ]);
  });
});
