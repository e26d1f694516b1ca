/**
 * Display helpers for exchange decimals. The interface sends amounts as
 * decimal strings; every computation here stays in decimal arithmetic
 * (decimal.js), so "0.1" + "0.2" shows as 0.3 and a 64-bit volume keeps its
 * digits. Pure and locale-fixed (en-US grouping) so the server and the browser
 * render the same text.
 */
import Decimal from "decimal.js";

/** A private Decimal constructor: never touches the global decimal.js settings other modules rely on. */
const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
type Dec = InstanceType<typeof D>;

/** What the helpers print for a missing or unreadable value. */
export const EMPTY_VALUE = "—";

export type DecimalInput = string | number | null | undefined;

/** Parses a decimal string (or a finite number); null for empty, malformed or non-finite input. */
export function toDecimal(value: DecimalInput): Dec | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const text = typeof value === "number" ? String(value) : value.trim();
  if (text === "") return null;
  try {
    const parsed = new D(text);
    return parsed.isFinite() ? parsed : null;
  } catch {
    return null;
  }
}

/** Decimal places a tick or step size implies: "0.0100" → 2, "1" → 0, "0.00000001" → 8. */
export function decimalsOf(step: DecimalInput): number | null {
  const parsed = toDecimal(step);
  if (!parsed || parsed.isZero() || parsed.isNegative()) return null;
  return parsed.decimalPlaces();
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export type FormatDecimalOptions = {
  /** Exact number of decimal places (rounded half up). Overrides minDp/maxDp. */
  dp?: number;
  /** Keep at least this many decimals (pads with zeros). Default 0. */
  minDp?: number;
  /** Round to at most this many decimals. Default: the value's own decimals. */
  maxDp?: number;
  /** Thousands separators. Default true. */
  group?: boolean;
  /** Prefix "+" on positive values (negative values always carry "-"). Default false. */
  sign?: boolean;
};

function render(value: Dec, options: FormatDecimalOptions): string {
  const { group = true, sign = false } = options;
  let fixed: string;
  if (options.dp !== undefined) {
    fixed = value.toFixed(options.dp);
  } else {
    const own = value.decimalPlaces();
    const max = options.maxDp ?? Math.max(own, options.minDp ?? 0);
    const rounded = value.toDecimalPlaces(max);
    const min = Math.min(options.minDp ?? 0, max);
    fixed = rounded.toFixed(Math.max(min, rounded.decimalPlaces()));
  }
  // "-0.00" after rounding is zero: never show a signed zero.
  let negative = fixed.startsWith("-");
  let digits = negative ? fixed.slice(1) : fixed;
  if (/^[0.]+$/.test(digits)) negative = false;
  const [intPart = "0", fracPart] = digits.split(".");
  digits = (group ? groupThousands(intPart) : intPart) + (fracPart !== undefined ? `.${fracPart}` : "");
  const isZero = /^[0.,]+$/.test(digits);
  if (negative) return `-${digits}`;
  if (sign && !isZero) return `+${digits}`;
  return digits;
}

/** Formats a decimal string for display: `formatDecimal("12345.678", { dp: 2 })` → "12,345.68". */
export function formatDecimal(value: DecimalInput, options: FormatDecimalOptions = {}): string {
  const parsed = toDecimal(value);
  return parsed ? render(parsed, options) : EMPTY_VALUE;
}

/** Formats a price to the decimals its tick size implies (falls back to the value's own decimals, at most 8). */
export function formatPrice(value: DecimalInput, tickSize?: DecimalInput, options: { sign?: boolean } = {}): string {
  const dp = decimalsOf(tickSize);
  return dp === null ? formatDecimal(value, { maxDp: 8, sign: options.sign }) : formatDecimal(value, { dp, sign: options.sign });
}

/**
 * A fraction as a percentage: priceChangePercent is a fraction (addendum),
 * so "-0.033811" → "-3.38%". With `sign` a positive value gets "+".
 */
export function formatFractionAsPercent(fraction: DecimalInput, options: { dp?: number; sign?: boolean } = {}): string {
  const parsed = toDecimal(fraction);
  if (!parsed) return EMPTY_VALUE;
  return `${render(parsed.times(100), { dp: options.dp ?? 2, sign: options.sign ?? false })}%`;
}

/** A rate (fraction) as a percentage with as many decimals as it needs, within [minDp, maxDp]: "0.001" → "0.10%", "0.000125" → "0.0125%". */
export function formatRateAsPercent(rate: DecimalInput, options: { minDp?: number; maxDp?: number } = {}): string {
  const parsed = toDecimal(rate);
  if (!parsed) return EMPTY_VALUE;
  return `${render(parsed.times(100), { minDp: options.minDp ?? 2, maxDp: options.maxDp ?? 4 })}%`;
}

export type Direction = "up" | "down" | "flat";

/** The sign of a value as it will show at `dp` decimals (a change that rounds to 0.00 is flat). */
export function directionOf(value: DecimalInput, dp?: number): Direction {
  const parsed = toDecimal(value);
  if (!parsed) return "flat";
  const shown = dp === undefined ? parsed : parsed.toDecimalPlaces(dp);
  if (shown.isZero()) return "flat";
  return shown.isNegative() ? "down" : "up";
}

export type Spread = {
  /** ask − bid, exact. */
  absolute: string;
  /** (ask − bid) / mid × 10 000, where mid = (ask + bid) / 2. */
  bps: string;
};

/** Bid/ask spread; null when either side is missing, zero, or crossed. */
export function spreadOf(bid: DecimalInput, ask: DecimalInput): Spread | null {
  const b = toDecimal(bid);
  const a = toDecimal(ask);
  if (!a || !b || a.lte(0) || b.lte(0) || a.lt(b)) return null;
  const absolute = a.minus(b);
  const mid = a.plus(b).dividedBy(2);
  return { absolute: absolute.toFixed(), bps: absolute.dividedBy(mid).times(10_000).toFixed() };
}

const COMPACT_UNITS: ReadonlyArray<readonly [suffix: string, exponent: number]> = [
  ["", 0],
  ["K", 3],
  ["M", 6],
  ["B", 9],
  ["T", 12],
];

/** Large amounts in short form: "1234567.89" → "1.23M"; below 1 000 the value itself at `dp` decimals. */
export function formatCompact(value: DecimalInput, options: { dp?: number } = {}): string {
  const parsed = toDecimal(value);
  if (!parsed) return EMPTY_VALUE;
  const dp = options.dp ?? 2;
  const magnitude = parsed.abs();
  let index = 0;
  while (index < COMPACT_UNITS.length - 1 && magnitude.gte(new D(10).pow(COMPACT_UNITS[index + 1]![1]))) index += 1;
  // Rounding may reach the next unit: 999 999.9 shows as 1.00M, not 1,000.00K.
  const scaledAt = (i: number) => parsed.dividedBy(new D(10).pow(COMPACT_UNITS[i]![1])).toDecimalPlaces(dp);
  if (index < COMPACT_UNITS.length - 1 && scaledAt(index).abs().gte(1000)) index += 1;
  return `${render(scaledAt(index), { dp })}${COMPACT_UNITS[index]![0]}`;
}

/** Orders two decimal strings numerically; unreadable values sort after every number. */
export function compareDecimals(a: DecimalInput, b: DecimalInput): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (!x && !y) return 0;
  if (!x) return 1;
  if (!y) return -1;
  return x.comparedTo(y);
}
