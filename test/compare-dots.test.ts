/**
 * The compared-periods chart's dots: a line needs two points, so a point with no drawn neighbour (the 1st of the month
 * to date, a value between gaps) is a filled dot — else that chart showed nothing; a partly synced point an open dot.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ComparedRow } from "@/components/reports/compare-chart";
import { pointDot } from "@/components/reports/compare-lines";

const row = (now: string | null, before: string | null, state: ComparedRow["state"] = "covered"): ComparedRow => ({
  label: "x",
  bucket: now === null ? null : "2026-12-01",
  previousBucket: before === null ? null : "2026-11-01",
  now,
  before,
  state: now === null ? null : state,
  previousState: before === null ? null : "covered",
});
const dotOf = (rows: ComparedRow[], key: "now" | "before", index: number) => renderToStaticMarkup(createElement(pointDot(rows, key, "#123456"), { cx: 10, cy: 20, index }));

describe("compared-periods chart dots", () => {
  it("draws a one-bucket period's point, and the previous period's", () => {
    expect(dotOf([row("6.73", "5.10")], "now", 0)).toContain('fill="#123456"');
    expect(dotOf([row("6.73", "5.10")], "before", 0)).toContain("data-lone-point");
  });

  it("draws a point between two gaps, and none on a line", () => {
    const rows = [row("1", "1"), row(null, "2"), row("3", "3"), row(null, "4")];
    expect(dotOf(rows, "now", 2)).toContain("data-lone-point");
    expect(dotOf(rows, "before", 2)).toBe("<g></g>");
    expect(dotOf(rows, "now", 1)).toBe("<g></g>");
  });

  it("keeps the open dot of a partly synced point", () => {
    const dot = dotOf([row("1", "1", "partial"), row("2", "2")], "now", 0);
    expect(dot).toContain('fill="none"');
    expect(dot).not.toContain("data-lone-point");
  });
});
