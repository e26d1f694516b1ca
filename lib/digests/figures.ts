/**
 * A digest's figures against the previous period. Where the warehouse holds
 * none of a period its sums are 0 only because nothing was synced, so the
 * figure is blank (null: "—" in the mail, null in the webhook), never 0; the
 * coverage sentence says why. A change is computed only when both periods are
 * wholly held, as the metric compares: rates in percentage points, amounts and
 * counts relatively (lib/metrics). Pure.
 */
import { changeBetween } from "../metrics/compare";
import type { RangeState } from "../reports/coverage";
import type { HeadlineFigure } from "./figure";

export interface DigestFigure extends HeadlineFigure {
  previous: string | null;
  /**
   * The change as a fraction (6 dp): relative ((value − previous) ÷ |previous|), for a rate the difference (points);
   * null when either is unknown, a relative change's previous is zero, or a period is partial.
   */
  change: string | null;
  /** Percentages digests: the amount is not shown, only its change. */
  hidden: boolean;
}

export function digestFigures(
  now: readonly HeadlineFigure[],
  before: readonly HeadlineFigure[],
  coverage: { current: RangeState; previous: RangeState },
  percentages: boolean,
): DigestFigure[] {
  const beforeByKey = new Map(before.map((f) => [f.key, f.value]));
  const comparable = coverage.current === "complete" && coverage.previous === "complete";
  return now.map((f) => {
    const value = coverage.current === "none" ? null : f.value;
    const previous = coverage.previous === "none" ? null : (beforeByKey.get(f.key) ?? null);
    const change = comparable ? changeBetween(value, previous, f.unit.kind === "ratio" ? "points" : "relative") : null;
    return { ...f, value, previous, change, hidden: percentages && f.unit.kind === "money" };
  });
}
