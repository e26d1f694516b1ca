/**
 * Decimal helpers shared by the sandbox's market data and spot account.
 * Money never goes through JS floats: floats only draw a random magnitude,
 * which is rounded to a decimal string right away.
 */
import { Decimal } from "decimal.js";

/** A Decimal constructor with ample precision, so sums and products of amounts stay exact. */
import { Dec } from "../data/decimal";
export { Dec };

/** Number of decimal places of a step such as "0.001" (3) or "1" (0). */
export function decimalsOf(step: Decimal.Value): number {
  return new Dec(step).decimalPlaces();
}

/** Largest multiple of step that is <= value. */
export function floorToStep(value: Decimal.Value, step: Decimal.Value): Decimal {
  return new Dec(value).toNearest(step, Decimal.ROUND_DOWN);
}

/** Nearest multiple of step (half up). */
export function roundToStep(value: Decimal.Value, step: Decimal.Value): Decimal {
  return new Dec(value).toNearest(step, Decimal.ROUND_HALF_UP);
}

export function isMultipleOf(value: Decimal.Value, step: Decimal.Value): boolean {
  return new Dec(value).mod(step).isZero();
}

/** Plain (never exponential) decimal string; fixed decimals when dp is given. "-0" becomes "0". */
export function fmt(value: Decimal.Value, dp?: number): string {
  let d = new Dec(value);
  if (d.isZero()) d = new Dec(0);
  return dp === undefined ? d.toFixed() : d.toFixed(dp);
}

/** A float magnitude turned into a decimal rounded down to `dp` places (for random draws only). */
export function fromFloat(x: number, dp: number): Decimal {
  return new Dec(x.toFixed(Math.min(dp + 2, 20))).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
}

const DECIMAL_RE = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** A non-negative plain decimal string ("12", "0.5"); no sign, exponent or spaces. */
export function isPlainDecimal(text: string): boolean {
  return DECIMAL_RE.test(text);
}
