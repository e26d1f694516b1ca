/**
 * Decimal money helpers. All amounts are decimal strings; arithmetic on them
 * goes through decimal.js with a precision high enough that sums and products
 * are exact. Floats are only used to draw a magnitude, which is then rounded
 * to a fixed number of decimals *as a string* before any arithmetic.
 */

/** Exact for every amount the sandbox handles (products and sums stay far below 60 digits). */
import { Dec } from "../decimal";
export { Dec };

export const ZERO = new Dec(0);

/** A drawn float magnitude rounded to `dp` decimals, as a plain decimal string (no exponent, no trailing zeros). */
export function drawnAmount(value: number, dp: number): string {
  if (!Number.isFinite(value) || value < 0 || value >= 1e15) throw new Error(`bad drawn amount ${value}`);
  let s = value.toFixed(dp);
  if (dp > 0) {
    let end = s.length;
    while (s.charCodeAt(end - 1) === 48 /* 0 */) end--;
    if (s.charCodeAt(end - 1) === 46 /* . */) end--;
    s = s.slice(0, end);
  }
  return s;
}

const constants = new Map<string, Dec>();

/** A parsed decimal for a small set of recurring strings (rebate rates, shares). */
export function constant(value: string): Dec {
  let d = constants.get(value);
  if (!d) {
    d = new Dec(value);
    constants.set(value, d);
  }
  return d;
}

/** Plain decimal string of a Decimal (never exponent notation). */
export function str(d: Dec): string {
  return d.toFixed();
}

/** Rounds to `dp` decimals (half up). */
export function round(d: Dec, dp: number): Dec {
  return d.toDecimalPlaces(dp, Dec.ROUND_HALF_UP);
}
