import { describe, expect, it } from "vitest";
import { digestFigures } from "./figures";
import type { HeadlineFigure } from "./figure";
import { changeText } from "./message";

const figs = (commission: string, rate: string): HeadlineFigure[] => [
  { key: "commission", label: "Commission", unit: { kind: "money", coin: "USDT" }, value: commission },
  { key: "effectiveRate", label: "Effective rate (commission ÷ fee)", unit: { kind: "ratio" }, value: rate },
];

describe("digest figures", () => {
  it("a previous period the warehouse does not hold is blank (null), never the 0 its empty sums give", () => {
    const out = digestFigures(figs("12.5", "0.3"), figs("0", "0"), { current: "complete", previous: "none" }, false);
    expect(out.map((f) => [f.key, f.value, f.previous, f.change])).toEqual([
      ["commission", "12.5", null, null],
      ["effectiveRate", "0.3", null, null],
    ]);
  });
  it("a current period not held at all is blank too", () => {
    const out = digestFigures(figs("0", "0"), figs("10", "0.3"), { current: "none", previous: "complete" }, false);
    expect(out.map((f) => f.value)).toEqual([null, null]);
    expect(out.map((f) => f.change)).toEqual([null, null]);
  });
  it("both held: amounts change relatively, the rate in percentage points", () => {
    const out = digestFigures(figs("110", "0.6342"), figs("100", "0.6239"), { current: "complete", previous: "complete" }, false);
    expect(out.map((f) => f.change)).toEqual(["0.1", "0.0103"]);
    const content = { coverage: { state: "complete", note: "" }, previousComplete: true };
    expect(out.map((f) => changeText(f, content))).toEqual(["+10.0% vs previous period", "+1.03 pp vs previous period"]);
  });
});
