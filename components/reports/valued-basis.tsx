"use client";

/**
 * Under a table whose "Commission valued (≈ USDT)" column values another coin (lib/metrics `commissionValued`): how
 * it was valued — the pairs, the close on the connection's basis, the prices' instant — and what could not be valued,
 * in the words of every USDT total (lib/prices/words.ts). Nothing when no price was used.
 */
import { money, useAmountFormat } from "@/components/reports/report-context";
import { coinDecimals } from "@/lib/format/amount";
import { notValuedSentence, pricesSentence, type PricesUsed } from "@/lib/prices/words";

export function ValuedBasis({ prices, className = "" }: { prices: PricesUsed | null; className?: string }) {
  const fmt = useAmountFormat();
  if (prices === null) return null;
  // Prices not read yet, or none served: the whole sentence. Some days without a close: their rows are the blank ones.
  const missing =
    prices.notValued.length === 0
      ? null
      : prices.source === "synced"
        ? "A row with a day whose close is not held is blank: not valued."
        : notValuedSentence(prices, (v, coin) => money(fmt, v, coinDecimals(coin), coin));
  const words = [pricesSentence(prices), missing].filter(Boolean);
  if (words.length === 0) return null;
  return (
    <p className={`text-xs text-slate-600 dark:text-slate-400 ${className}`} data-testid="valued-basis">
      The ≈ USDT values: {words.join(" ")}
    </p>
  );
}
