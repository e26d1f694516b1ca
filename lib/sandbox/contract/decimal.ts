/**
 * The simulator's decimal type: a decimal.js clone with ample precision so that
 * price × quantity and price / tick are exact, and plain (non-exponential)
 * string output for every value the API returns.
 */
import Decimal from "decimal.js";

import { Dec } from "../data/decimal";
export { Dec };

/** Exact product of two decimal strings, as a plain string. */
export function times(a: Decimal.Value, b: Decimal.Value): string {
  return new Dec(a).times(b).toFixed();
}

/**
 * Plain string with at least `dp` decimal places (a symbol's tick or step
 * precision), keeping any further digits given: ("2604.5", 2) → "2604.50".
 */
export function withScale(value: Decimal.Value, dp: number): string {
  const d = new Dec(value);
  return d.toFixed(Math.max(dp, d.decimalPlaces()));
}
