/**
 * Exact decimal arithmetic for amounts added or subtracted in JavaScript.
 * decimal.js rounds every result to its precision, 20 significant digits by
 * default: a volume of 1e10 with 18 decimals would lose digits. Sums and
 * differences here carry up to 1 000 significant digits, far beyond any amount
 * the interface sends, so they are exact; the cost of an addition depends on the
 * digits present, not on that bound. Divisions do not belong here (a third
 * would run to the bound): round them where the contract says how.
 */
import Decimal from "decimal.js";

/** The exact constructor, for code that adds and also divides by small whole counts it rounds nowhere (a mean of four). */
export const Exact = Decimal.clone({ precision: 1000, toExpNeg: -1000, toExpPos: 1000 });

/** The exact sum of decimal strings (or numbers that are exact integers, such as counts), as a plain decimal string. */
export function exactSum(values: Iterable<string | number>): string {
  let total = new Exact(0);
  for (const v of values) total = total.plus(v);
  return total.toFixed();
}

/** a − b, exactly, as a plain decimal string. */
export function exactDifference(a: string, b: string): string {
  return new Exact(a).minus(b).toFixed();
}

/** a × b, exactly (the digits of a product are at most the sum of its factors'), as a plain decimal string. */
export function exactProduct(a: string, b: string): string {
  return new Exact(a).times(b).toFixed();
}
