"use client";

/**
 * The Overview's first card's body: the commission of every coin as one USDT
 * total ("≈": other coins valued at each day's close, lib/prices), the native
 * amount of each coin beside it, and the sentence that says how it was valued.
 * A period with a day whose price is not held has no total: it says what was
 * not valued instead, never a sum that silently leaves a coin out.
 */
import { money, type AmountFormat } from "@/components/reports/report-context";
import { coinDecimals, exactAmount } from "@/lib/format/amount";
import { notValuedSentence, pricesSentence } from "@/lib/prices/words";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";

export function AllCoinsTotal({ data, fmt }: { data: OverviewAnswer; fmt: AmountFormat }) {
  const value = data.current.commissionAllCoins;
  const natives = data.coins.map((c) => money(fmt, c.commission, coinDecimals(c.coin), c.coin));
  const basis = pricesSentence(data.prices);
  const missing = notValuedSentence(data.prices, (v, coin) => money(fmt, v, coinDecimals(coin), coin));
  return (
    <>
      <dd className="mt-1 text-xl font-semibold tabular-nums" title={value === null ? undefined : exactAmount(value, "USDT")} data-testid="all-coins-total">
        {value === null ? "not valued" : `≈ ${money(fmt, value, 2, "USDT")}`}
      </dd>
      {natives.length > 1 ? (
        <dd className="text-xs tabular-nums text-slate-700 dark:text-slate-300" data-testid="all-coins-natives">
          {natives.join(" + ")}
        </dd>
      ) : null}
      {basis || missing ? (
        <dd className="text-xs text-slate-600 dark:text-slate-400" data-testid="all-coins-basis">
          {[missing, basis].filter(Boolean).join(" ")}
        </dd>
      ) : null}
    </>
  );
}
