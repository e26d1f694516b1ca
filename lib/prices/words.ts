/**
 * How a USDT value says what it is made of (docs/prices.md), in one place for
 * every page, CSV comment and digest: which pairs, which close, on which basis,
 * the prices' instant, and what could not be valued. Pure and browser-safe.
 */
import { formatUtcMinute } from "../format/time";

/** Each basis's close, in words: a day D valued at the price at 00:00 of D+1 in UTC, or in UTC+8 (as Bitget). */
export const BASIS_WORDS: Record<string, string> = { utc: "00:00 UTC", utc8: "00:00 UTC+8" };

export interface PricesUsed {
  basis: string;
  symbols: string[];
  asOf: string | null;
  provisional: boolean;
  /** Whether the sync has read K-lines yet ("not-yet": the first backfill reads them after the reports). */
  source: "synced" | "not-yet" | "not-available";
  notValued: Array<{ coin: string; commission: string; days: number }>;
}

/**
 * "BTC valued at each day's close of BTCUSDT (00:00 UTC); prices as of 27 Nov 2026 00:05 UTC, today's still
 * running." Null when no coin needed a price (every amount was USDT).
 */
export function pricesSentence(p: PricesUsed): string | null {
  if (p.symbols.length === 0) return null;
  const coins = p.symbols.map((s) => s.replace(/USDT$/, "")).join(", ");
  const pairs = p.symbols.join(", ");
  const close = BASIS_WORDS[p.basis] ?? p.basis;
  const asOf = p.asOf === null ? "" : `; prices as of ${formatUtcMinute(p.asOf)} UTC${p.provisional ? " (today's is the latest price, not yet its close)" : ""}`;
  return `${coins} valued at each day's close of ${pairs} (${close})${asOf}.`;
}

/** "Not valued: 0.0001 BTC (no BTCUSDT close held for 3 days)." — null when everything was valued. */
export function notValuedSentence(p: PricesUsed, amount: (value: string, coin: string) => string): string | null {
  if (p.notValued.length === 0) return null;
  const amounts = p.notValued.map((n) => amount(n.commission, n.coin)).join(", ");
  if (p.source === "not-yet") return `Not valued yet: the sync reads the daily prices after the history, so ${amounts} has no USDT value for now.`;
  if (p.source === "not-available") return `Not valued: this exchange serves no daily prices (K-lines), so ${amounts} has no USDT value.`;
  const parts = p.notValued.map((n) => `${amount(n.commission, n.coin)} (no ${n.coin}USDT close held for ${n.days === 1 ? "1 day" : `${n.days} days`})`);
  return `Not valued, so no total: ${parts.join(", ")}.`;
}

/** A figure valued in USDT at each day's close, labelled as the estimate it is (digest lines, alert sentences). */
export const valuedLabel = (label: string): string => `${label} (≈, each day's close)`;
