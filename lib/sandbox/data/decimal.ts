/**
 * The sandbox's one decimal type: a decimal.js clone with precision far above
 * any amount it handles, so sums and products of money strings are exact, and
 * plain (never exponential) string output.
 */
import Decimal from "decimal.js";

export const Dec = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -1000, toExpPos: 1000 });
export type Dec = Decimal;
