/**
 * 24h ticker (2.7) computed from the sandbox price walk over [now - 24h, now].
 *
 * - openPrice = spotPriceAt(now - 24h), lastPrice = spotPriceAt(now); high/low over samples every
 *   5 minutes including both endpoints, so low <= open, last <= high.
 * - priceChange = last - open exactly; priceChangePercent = (last - open) / open as a fraction,
 *   rounded half-up to 6 decimals (addendum: "-0.033811" means -3.38 %).
 * - bid/ask: bid is last or one tick below, ask one or two ticks above bid (bid < ask always).
 * - volume/quoteVolume: a daily quote turnover proportional to the symbol's volumeWeight (a seeded
 *   factor per hour), volume = turnover / average sampled price rounded to stepSize, and
 *   quoteVolume = volume x average price (so quoteVolume / volume is the window's average price).
 * - count: turnover / a typical trade size, an integer.
 */
import { Decimal } from "decimal.js";
import { spotPriceAt } from "../data/price-walk";
import { Rng } from "../data/rng";
import { findSandboxSymbol } from "../data/symbols";
import { Dec, decimalsOf, floorToStep, fmt, fromFloat } from "./decimal";
import { sampleWalk } from "./sampling";
import type { Ticker24h } from "./types";

export const DAY_MS = 86_400_000;
export const TICKER_SAMPLE_MS = 300_000;
/** Daily quote turnover (USDT) per unit of volumeWeight: BTCUSDT (weight 40) turns over about 1e9. */
const TURNOVER_PER_WEIGHT = 25_000_000;
const HOUR_MS = 3_600_000;

/** Thrown for a symbol the sandbox does not list (the HTTP layer answers -1121). */
export class UnknownSymbolError extends RangeError {
  constructor(readonly symbol: string) {
    super(`unknown symbol ${symbol}`);
    this.name = "UnknownSymbolError";
  }
}

export function ticker24h(seed: number, symbol: string, now: number): Ticker24h {
  const info = findSandboxSymbol(symbol);
  if (info === undefined) throw new UnknownSymbolError(symbol);
  const tickDp = decimalsOf(info.tickSize);
  const stepDp = decimalsOf(info.stepSize);
  const openTime = now - DAY_MS;

  const open = new Dec(spotPriceAt(seed, symbol, openTime));
  const last = new Dec(spotPriceAt(seed, symbol, now));
  const { high, low, sum, count: samples } = sampleWalk(seed, symbol, openTime, now, TICKER_SAMPLE_MS, [open, last]);
  const average = sum.div(samples).toNearest(info.tickSize);

  const change = last.minus(open);
  const percent = change.div(open).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

  const rng = Rng.derive(seed, "ticker", symbol, now);
  const tick = new Dec(info.tickSize);
  let bid = last.minus(tick.times(rng.int(0, 1)));
  if (bid.lte(0)) bid = last;
  const ask = bid.plus(tick.times(rng.int(1, 2)));
  const bookQty = (notional: number): string => {
    const qty = floorToStep(fromFloat(notional, 8).div(last), info.stepSize);
    return fmt(Decimal.max(qty, info.stepSize), stepDp);
  };
  const bookNotional = (): number => 2_000 * Math.sqrt(info.volumeWeight) * rng.logNormal(0, 0.8);
  const bidQty = bookQty(bookNotional());
  const askQty = bookQty(bookNotional());

  // Turnover moves smoothly hour to hour: a seeded factor per hour bucket.
  const hourFactor = 0.75 + 0.5 * Rng.derive(seed, "ticker-volume", symbol, Math.floor(now / HOUR_MS)).next();
  const turnover = fromFloat(TURNOVER_PER_WEIGHT * info.volumeWeight * hourFactor, 2);
  const volume = floorToStep(turnover.div(average), info.stepSize);
  const quoteDp = Math.max(2, tickDp);
  const quoteVolume = volume.times(average).toDecimalPlaces(quoteDp, Decimal.ROUND_HALF_UP);
  const typicalTrade = 350 * (0.8 + 0.4 * rng.next());
  const count = Math.max(1, Math.round(turnover.toNumber() / typicalTrade));

  return {
    symbol,
    priceChange: fmt(change, tickDp),
    priceChangePercent: fmt(percent, 6),
    lastPrice: fmt(last, tickDp),
    bidPrice: fmt(bid, tickDp),
    bidQty,
    askPrice: fmt(ask, tickDp),
    askQty,
    openPrice: fmt(open, tickDp),
    highPrice: fmt(high, tickDp),
    lowPrice: fmt(low, tickDp),
    volume: fmt(volume, stepDp),
    quoteVolume: fmt(quoteVolume, quoteDp),
    openTime,
    closeTime: now,
    count,
  };
}
