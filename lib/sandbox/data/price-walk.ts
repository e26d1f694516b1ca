/**
 * The sandbox's price path: a seeded, deterministic walk per symbol that is a
 * pure function of (seed, symbol, time), so any instant can be evaluated in
 * O(levels) without replaying the past.
 *
 * Design. The log-price offset from the symbol's reference price is a sum of
 * "value noise" layers: layer L places independent noise values on knots every
 * 4^L minutes (1 min, 4 min, 16 min, … about 45 days) and interpolates linearly
 * between knots. Each layer's amplitude grows with the square root of its knot
 * spacing, so the sum behaves like a random walk at the symbol's daily
 * volatility on every scale from a minute to weeks, while the top layer keeps
 * the excursion bounded over a year. All knots fall on minute boundaries, so
 * the path is linear inside each minute (it moves every second) and a soft
 * clamp (tanh) keeps it strictly inside (0.5x, 2x) of the reference price.
 *
 * Noise values come from a 32-bit integer hash of (key, layer, knot index),
 * where the key is derived once per (seed, symbol) with Rng.derive; a call
 * costs ~20 hashes and no allocation, so thousands of calls per request are
 * cheap. Prices are rounded to the symbol's tickSize; the integer tick counts
 * are exported too (exact comparisons for order matching without decimals).
 *
 * Three prices per symbol follow this walk, as on a real exchange:
 * - the spot price (spotPriceAt: the 24 h ticker's last, the spot fills) is
 *   the walk itself, and serves as the contract's index;
 * - the contract (last) price (priceAt) is the index times (1 + basis), the
 *   basis a seeded noise of a few hundredths of a percent, soft-clamped to
 *   ±BASIS_MAX so it never leaves ±0.3 % of the index (ticks included);
 * - the mark price (markPriceAt) is a smoothed index: the mean of the index
 *   over the last MARK_WINDOW_MS, kept within ±BASIS_MAX of the index.
 * All three depend on (seed, symbol, time) only, so the contract simulator
 * and the ticker agree when given the same (market) seed.
 */
import Decimal from "decimal.js";
import { Rng } from "./rng";
import { findSandboxSymbol } from "./symbols";

const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 1440;
/** Knot spacing of layer L is 4^L minutes; layers 0..8 span 1 minute to ~45.5 days. */
const LAYERS = 9;
/**
 * Makes the standard deviation of one-day log returns equal the symbol's
 * dailyVolatility (measured empirically over many seeds and days; see the test).
 */
const VOL_NORM = 0.745;
/** Soft bound of the log offset: ln(2) * 0.98, so the price stays within (0.51x, 1.96x) of reference. */
const LOG_BOUND = Math.LN2 * 0.98;
/**
 * Largest contract and mark basis against the index (fraction), before rounding to
 * the tick; rounding both prices adds at most one tick, under 0.05 % for every
 * sandbox symbol, so the rounded basis stays within ±0.3 %.
 */
export const BASIS_MAX = 0.0024;
/** Contract basis noise: (knot spacing in minutes, amplitude) of its layers, before the tanh clamp. */
const BASIS_LAYERS: ReadonlyArray<readonly [number, number]> = [
  [1, 0.15],
  [16, 0.25],
  [256, 0.3],
];
/** The mark price averages the index over this window, sampled every MARK_SAMPLE_MS. */
const MARK_WINDOW_MS = 120_000;
const MARK_SAMPLE_MS = 15_000;
const SQRT3 = Math.sqrt(3);

interface TickInfo {
  /** tickSize as a number (only used to turn a float price into a tick count). */
  tick: number;
  tickDecimal: Decimal;
  /** Decimal places of tickSize. */
  tickDp: number;
  /** True when tickSize is 10^-tickDp: tick counts format without any Decimal arithmetic. */
  tickIsPowerOfTen: boolean;
}

interface WalkParams extends TickInfo {
  key: number;
  basisKey: number;
  referencePrice: number;
  /** Amplitude of each layer (log units). */
  amplitudes: Float64Array;
  /** Knot spacing of each layer, in minutes. */
  spans: Float64Array;
}

const tickCache = new Map<string, TickInfo>();
const cache = new Map<number, Map<string, WalkParams>>();

function tickInfo(symbol: string): TickInfo {
  const found = tickCache.get(symbol);
  if (found !== undefined) return found;
  const info = findSandboxSymbol(symbol);
  if (info === undefined) throw new RangeError(`price walk: unknown symbol ${symbol}`);
  const tickDecimal = new Decimal(info.tickSize);
  const tickDp = tickDecimal.decimalPlaces();
  const t: TickInfo = {
    tick: tickDecimal.toNumber(),
    tickDecimal,
    tickDp,
    tickIsPowerOfTen: tickDecimal.equals(new Decimal(10).pow(-tickDp)),
  };
  tickCache.set(symbol, t);
  return t;
}

function params(seed: number, symbol: string): WalkParams {
  let bySymbol = cache.get(seed);
  if (bySymbol === undefined) {
    bySymbol = new Map();
    cache.set(seed, bySymbol);
  }
  const found = bySymbol.get(symbol);
  if (found !== undefined) return found;

  const info = findSandboxSymbol(symbol);
  if (info === undefined) throw new RangeError(`price walk: unknown symbol ${symbol}`);
  const rng = Rng.derive(seed, "price-walk", symbol);
  const key = Math.floor(rng.next() * 4294967296) >>> 0;
  const basisKey = Math.floor(rng.next() * 4294967296) >>> 0;
  const perMinuteSigma = info.dailyVolatility / Math.sqrt(MINUTES_PER_DAY);
  const amplitudes = new Float64Array(LAYERS);
  const spans = new Float64Array(LAYERS);
  for (let l = 0; l < LAYERS; l++) {
    spans[l] = 4 ** l;
    amplitudes[l] = perMinuteSigma * Math.sqrt(4 ** l) * VOL_NORM;
  }
  const p: WalkParams = {
    ...tickInfo(symbol),
    key,
    basisKey,
    referencePrice: Number(info.referencePrice),
    amplitudes,
    spans,
  };
  bySymbol.set(symbol, p);
  return p;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Zero-mean, unit-variance uniform noise for (key, layer, knot index). */
function knotNoise(key: number, layer: number, index: number): number {
  const h = fmix32(fmix32(key ^ Math.imul(layer + 1, 0x9e3779b1)) ^ (index | 0));
  return (h / 4294967296 - 0.5) * 2 * SQRT3;
}

/** Linearly interpolated value noise at `minutes` for one layer of span `span` minutes. */
function layerValue(key: number, layer: number, span: number, minutes: number): number {
  const scaled = minutes / span;
  const k = Math.floor(scaled);
  const f = scaled - k;
  const a = knotNoise(key, layer, k);
  const b = knotNoise(key, layer, k + 1);
  return a + (b - a) * f;
}

/** Clamped log offset of the walk from the reference price at time t (ms). */
function logOffset(p: WalkParams, t: number): number {
  const minutes = t / MINUTE_MS;
  let x = 0;
  for (let l = 0; l < LAYERS; l++) {
    x += (p.amplitudes[l] as number) * layerValue(p.key, l, p.spans[l] as number, minutes);
  }
  return LOG_BOUND * Math.tanh(x / LOG_BOUND);
}

/** Unrounded index (spot) price at time t. */
function rawIndex(p: WalkParams, t: number): number {
  return p.referencePrice * Math.exp(logOffset(p, t));
}

/** The contract's basis against the index at time t: within ±BASIS_MAX. */
function basisAt(p: WalkParams, t: number): number {
  const minutes = t / MINUTE_MS;
  let x = 0;
  for (const [span, amplitude] of BASIS_LAYERS) x += amplitude * layerValue(p.basisKey, span, span, minutes);
  return BASIS_MAX * Math.tanh(x);
}

const toTicks = (p: WalkParams, price: number): number => Math.max(1, Math.round(price / p.tick));

/** The spot (index) price at time t as an integer number of ticks (always >= 1). */
export function spotPriceTicksAt(seed: number, symbol: string, t: number): number {
  const p = params(seed, symbol);
  return toTicks(p, rawIndex(p, t));
}

/** The contract (last) price at time t as an integer number of ticks (always >= 1): the index plus its basis. */
export function priceTicksAt(seed: number, symbol: string, t: number): number {
  const p = params(seed, symbol);
  return toTicks(p, rawIndex(p, t) * (1 + basisAt(p, t)));
}

/** The mark price at time t as an integer number of ticks (always >= 1): the index smoothed over MARK_WINDOW_MS. */
export function markPriceTicksAt(seed: number, symbol: string, t: number): number {
  const p = params(seed, symbol);
  const index = rawIndex(p, t);
  let sum = index;
  let n = 1;
  for (let back = MARK_SAMPLE_MS; back <= MARK_WINDOW_MS; back += MARK_SAMPLE_MS) {
    sum += rawIndex(p, t - back);
    n++;
  }
  const smoothed = Math.min(index * (1 + BASIS_MAX), Math.max(index * (1 - BASIS_MAX), sum / n));
  return toTicks(p, smoothed);
}

/** Formats a tick count of `symbol` as a decimal string with the tick's decimal places. */
export function ticksToPrice(symbol: string, ticks: number): string {
  const p = tickInfo(symbol);
  if (!p.tickIsPowerOfTen) return p.tickDecimal.times(ticks).toFixed(p.tickDp);
  if (p.tickDp === 0) return String(ticks);
  const digits = String(ticks).padStart(p.tickDp + 1, "0");
  return `${digits.slice(0, -p.tickDp)}.${digits.slice(-p.tickDp)}`;
}

/** The symbol's tickSize as a Decimal (shared instance; decimal.js values are immutable). Throws on an unknown symbol. */
export function tickSizeOf(symbol: string): Decimal {
  return tickInfo(symbol).tickDecimal;
}

/** Contract (last) price at time t (ms), within ±0.3 % of spotPriceAt: a decimal string rounded to the symbol's tickSize. Throws on an unknown symbol. */
export function priceAt(seed: number, symbol: string, t: number): string {
  return ticksToPrice(symbol, priceTicksAt(seed, symbol, t));
}

/** Spot (index) price at time t (ms): what the 24 h ticker and spot fills use. Throws on an unknown symbol. */
export function spotPriceAt(seed: number, symbol: string, t: number): string {
  return ticksToPrice(symbol, spotPriceTicksAt(seed, symbol, t));
}

/** Mark price at time t (ms): the index smoothed over two minutes. Throws on an unknown symbol. */
export function markPriceAt(seed: number, symbol: string, t: number): string {
  return ticksToPrice(symbol, markPriceTicksAt(seed, symbol, t));
}
