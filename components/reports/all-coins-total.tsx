"use client";

/**
 * A report's one total of every coin's commission in USDT ("≈": other coins
 * valued at each day's close, lib/prices), the native amount of each coin beside
 * it, and the sentence that says how it was valued. A period with a day whose
 * price is not held has no total: it says what was not valued instead, never a
 * sum that silently leaves a coin out. The Overview's first card and the
 * Commissions and Invite codes headlines draw it (AllCoinsCard).
 */
import { MetricHelp } from "@/components/reports/metric-help";
import { money, useAmountFormat, type AmountFormat } from "@/components/reports/report-context";
import { METRICS } from "@/lib/metrics/definitions";
import { coinDecimals, exactAmount } from "@/lib/format/amount";
import { notValuedSentence, pricesSentence, type PricesUsed } from "@/lib/prices/words";

export interface AllCoinsTotalProps {
  /** Every coin's commission in USDT, exact; null when a day's price is not held. */
  value: string | null;
  /** The same commission per coin, natively. */
  natives: ReadonlyArray<{ coin: string; commission: string }>;
  prices: PricesUsed;
  fmt: AmountFormat;
}

export function AllCoinsTotal({ value, natives, prices, fmt }: AllCoinsTotalProps) {
  const amounts = natives.map((c) => money(fmt, c.commission, coinDecimals(c.coin), c.coin));
  const basis = pricesSentence(prices);
  const missing = notValuedSentence(prices, (v, coin) => money(fmt, v, coinDecimals(coin), coin));
  return (
    <>
      <dd className="mt-1 text-xl font-semibold tabular-nums" title={value === null ? undefined : exactAmount(value, "USDT")} data-testid="all-coins-total">
        {value === null ? "not valued" : `≈ ${money(fmt, value, 2, "USDT")}`}
      </dd>
      {amounts.length > 1 ? (
        <dd className="text-xs tabular-nums text-slate-700 dark:text-slate-300" data-testid="all-coins-natives">
          {amounts.join(" + ")}
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

/** The headline card of a report's all-coins total: its label, its definition with the report's scope, the total. */
export function AllCoinsCard({ scope, ...total }: Omit<AllCoinsTotalProps, "fmt"> & { scope: string }) {
  const fmt = useAmountFormat();
  const m = METRICS.commissionAllCoins;
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="commission-all-coins">
      <dt className="text-xs text-slate-600 dark:text-slate-400">
        {m.label} ({fmt.totalUnit("≈ USDT")})
        <MetricHelp label={m.label} definition={`${m.definition} Here: ${scope}.`} />
      </dt>
      <AllCoinsTotal {...total} fmt={fmt} />
    </div>
  );
}
