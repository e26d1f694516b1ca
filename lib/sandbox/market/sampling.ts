/** Samples of the spot walk over a span: what the ticker and the K-lines take their high, low and average from. */
import { Decimal } from "decimal.js";
import { spotPriceAt } from "../data/price-walk";
import { Dec } from "./decimal";

export interface WalkSamples {
  high: Decimal;
  low: Decimal;
  sum: Decimal;
  count: number;
}

/** The spot price at from, from + step, … up to `to` inclusive; high and low start from `ends` (open and last). */
export function sampleWalk(seed: number, symbol: string, from: number, to: number, stepMs: number, ends: readonly Decimal[]): WalkSamples {
  let high = Decimal.max(...ends);
  let low = Decimal.min(...ends);
  let sum = new Dec(0);
  let count = 0;
  for (let t = from; t <= to; t += stepMs) {
    const p = new Dec(spotPriceAt(seed, symbol, t));
    if (p.gt(high)) high = p;
    if (p.lt(low)) low = p;
    sum = sum.plus(p);
    count++;
  }
  return { high, low, sum, count };
}
