/**
 * A change between two periods as the metric compares: amounts and counts as a
 * relative change ("+12.5 %"), rates and shares as the difference in
 * percentage points ("+1.03 pp", never "+1.6 %" for 62.39 % → 63.42 %).
 * Exact decimals; null where the earlier figure is unknown (not held) or, for
 * a relative change, zero. Pure and browser-safe.
 */
import Decimal from "decimal.js";
import { formatDecimal, formatFractionAsPercent } from "../format/decimal";
import type { Comparison } from "./definitions";

/** The change as a fraction: relative ((now − before) ÷ |before|) or points (now − before, both fractions). */
export function changeBetween(now: string | null, before: string | null, compare: Comparison): string | null {
  if (now === null || before === null) return null;
  const b = new Decimal(before);
  if (compare === "points") return new Decimal(now).minus(b).toDecimalPlaces(6).toFixed();
  return b.isZero() ? null : new Decimal(now).minus(b).div(b.abs()).toDecimalPlaces(6).toFixed();
}

/** A change (a fraction from changeBetween) in words: "+12.5%" as every page wrote it, or "+1.03 pp". */
export function formatChange(change: string, compare: Comparison): string {
  if (compare === "relative") return formatFractionAsPercent(change, { dp: 1, sign: true });
  return `${formatDecimal(new Decimal(change).times(100).toFixed(), { dp: 2, sign: true })} pp`;
}
