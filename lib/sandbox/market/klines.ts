/**
 * Spot K-lines (addendum) from the same price walk as the 24 h ticker and the contract prices:
 *
 * - a candle of interval I opening at T (a multiple of I since the epoch, so days start at 00:00 UTC)
 *   opens at spotPriceAt(T) and closes at spotPriceAt(T + I): a `1d` candle's close is the price at
 *   00:00 UTC of the next day. The candle still running closes at spotPriceAt(now), which is the
 *   ticker's lastPrice at the same instant;
 * - high/low over samples every max(1 min, I/48) and both ends (the walk is linear inside a minute,
 *   so candles up to 48 minutes are exact);
 * - volume: a seeded quote turnover per candle (like the ticker's), over the candle's average price.
 * Which candles: openTime within [startTime rounded up to I, min(endTime, now)]; with startTime the
 * first `limit` of them, without it the last `limit` (default 500), oldest first.
 */
import { Decimal } from "decimal.js";
import { KLINE_INTERVAL_MS, type KlineInterval } from "../../weex/endpoints/klines";
import { spotPriceAt } from "../data/price-walk";
import { Rng } from "../data/rng";
import { findSandboxSymbol } from "../data/symbols";
import { Dec, decimalsOf, floorToStep, fmt, fromFloat } from "./decimal";
import { sampleWalk } from "./sampling";
import { DAY_MS, UnknownSymbolError } from "./ticker";

export const KLINES_DEFAULT_LIMIT = 500;
const MINUTE_MS = 60_000;
/** Daily quote turnover per unit of volumeWeight, as the ticker's. */
const TURNOVER_PER_WEIGHT = 25_000_000;

/** `[openTime, open, high, low, close, volume, closeTime, quoteVolume]`: the addendum's six, then two extras. */
export type SandboxCandle = [number, string, string, string, string, string, number, string];

export interface KlinesQuery {
  symbol: string;
  interval: KlineInterval;
  startTime?: number;
  endTime?: number;
  limit?: number;
}

/** Open times of the candles a query selects (oldest first). */
export function candleOpenTimes(q: Omit<KlinesQuery, "symbol">, now: number): number[] {
  const step = KLINE_INTERVAL_MS[q.interval];
  const limit = q.limit ?? KLINES_DEFAULT_LIMIT;
  const last = Math.floor(Math.min(q.endTime ?? now, now) / step) * step;
  const first = q.startTime === undefined ? last - (limit - 1) * step : Math.ceil(q.startTime / step) * step;
  const out: number[] = [];
  for (let t = Math.max(0, first); t <= last && out.length < limit; t += step) out.push(t);
  return out;
}

function candle(seed: number, symbol: string, openTime: number, step: number, now: number): SandboxCandle {
  const info = findSandboxSymbol(symbol);
  if (info === undefined) throw new UnknownSymbolError(symbol);
  const closeAt = Math.min(openTime + step, now);
  const open = new Dec(spotPriceAt(seed, symbol, openTime));
  const close = new Dec(spotPriceAt(seed, symbol, closeAt));
  const sampleMs = Math.max(MINUTE_MS, Math.floor(step / 48 / MINUTE_MS) * MINUTE_MS);
  // From the open up to (not at) the close, then the close itself.
  const s = sampleWalk(seed, symbol, openTime, closeAt - 1, sampleMs, [open, close]);
  const { high, low } = s;
  const average = s.sum.plus(close).div(s.count + 1).toNearest(info.tickSize);
  const factor = 0.75 + 0.5 * Rng.derive(seed, "klines-volume", symbol, openTime).next();
  const elapsed = (closeAt - openTime) / DAY_MS;
  const turnover = fromFloat(TURNOVER_PER_WEIGHT * info.volumeWeight * factor * elapsed, 2);
  const volume = floorToStep(turnover.div(average), info.stepSize);
  const tickDp = decimalsOf(info.tickSize);
  const quoteDp = Math.max(2, tickDp);
  return [
    openTime,
    fmt(open, tickDp),
    fmt(high, tickDp),
    fmt(low, tickDp),
    fmt(close, tickDp),
    fmt(volume, decimalsOf(info.stepSize)),
    openTime + step - 1,
    fmt(volume.times(average).toDecimalPlaces(quoteDp, Decimal.ROUND_HALF_UP), quoteDp),
  ];
}

/** The candles of a query at `now`. Throws UnknownSymbolError for a symbol the sandbox does not list. */
export function klinesAt(seed: number, q: KlinesQuery, now: number): SandboxCandle[] {
  if (findSandboxSymbol(q.symbol) === undefined) throw new UnknownSymbolError(q.symbol);
  const step = KLINE_INTERVAL_MS[q.interval];
  return candleOpenTimes(q, now).map((t) => candle(seed, q.symbol, t, step, now));
}
