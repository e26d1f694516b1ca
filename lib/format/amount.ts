/**
 * Amounts as a person reads them: each coin at its own decimals (USDT 2, BTC 8;
 * a coin we do not know keeps 8, the interface's finest), counts whole and
 * grouped, and the exact value — every digit the interface sent — for a
 * tooltip or a cell's title. Decimal arithmetic throughout (decimal.ts).
 * Pure and browser-safe.
 */
import { EMPTY_VALUE, formatDecimal, toDecimal, type DecimalInput } from "./decimal";

/** Decimals shown per coin; the CSV and the titles keep every digit. */
export const COIN_DECIMALS: Readonly<Record<string, number>> = { USDT: 2, USDC: 2, USD: 2, BTC: 8, ETH: 6 };
/** Decimals of a coin not listed above. */
export const OTHER_COIN_DECIMALS = 8;

export function coinDecimals(coin: string | undefined): number {
  return (coin !== undefined ? COIN_DECIMALS[coin.toUpperCase()] : undefined) ?? OTHER_COIN_DECIMALS;
}

/** An amount at its coin's decimals, grouped: ("1234.5", "USDT") → "1,234.50"; ("0.1", "BTC") → "0.10000000". */
export function formatCoinAmount(value: DecimalInput, coin: string | undefined, options: { dp?: number } = {}): string {
  return formatDecimal(value, { dp: options.dp ?? coinDecimals(coin) });
}

/** Every digit, grouped, with the unit: the title or tooltip behind a rounded figure. */
export function exactAmount(value: DecimalInput, unit?: string): string {
  const text = formatDecimal(value);
  return unit && text !== EMPTY_VALUE ? `${text} ${unit}` : text;
}

/** A count, whole and grouped: "12345" → "12,345". A count with decimals is shown as it is (it is not a count). */
export function formatCount(value: DecimalInput): string {
  const parsed = toDecimal(value);
  if (!parsed) return EMPTY_VALUE;
  return parsed.isInteger() ? formatDecimal(value, { dp: 0 }) : formatDecimal(value);
}

/**
 * A figure labelled with its unit, as a chart's table shows it: an amount in a coin we know at that coin's decimals,
 * anything else (a count, a share on a percentages link) grouped with at most 8 decimals.
 */
export function formatInUnit(value: DecimalInput, unit: string): string {
  // "≈ USDT" (another coin valued in USDT) is shown at USDT's decimals, as a USDT amount is: the ≈ says it is valued.
  const coin = unit.replace(/^≈\s*/, "").toUpperCase();
  return coin in COIN_DECIMALS ? formatCoinAmount(value, coin) : formatDecimal(value, { maxDp: OTHER_COIN_DECIMALS });
}
