"use client";

/**
 * What a trader needs beside the order form: the reference price the interface
 * offers (the spot 24 h ticker of the symbol — the contract endpoints expose no
 * contract ticker), the order's notional value and its estimated fee at the
 * account's taker and maker rates. The queries are shared with the form, which
 * checks the symbol's rules against the same reference price.
 */
import { useQuery } from "@tanstack/react-query";
import { exchangeGet } from "@/lib/api-client";
import { formatDecimal, formatRateAsPercent } from "@/lib/format/decimal";
import { formatUtcTime } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { SymbolRules } from "@/lib/weex/symbol-rules";
import { notionalOf, roughAmount } from "./contract-words";

/** The spot 24 h ticker of one symbol, refreshed every 5 s while the form is open. */
export function useReferenceTicker(symbol: string) {
  return useQuery({
    queryKey: queryKeys.exchange.endpoint("ticker24hr", { symbol }),
    queryFn: async ({ signal }) => {
      const answer = await exchangeGet("ticker24hr", { symbol }, { signal });
      return Array.isArray(answer) ? (answer.find((t) => t.symbol === symbol) ?? null) : answer;
    },
    refetchInterval: 5_000,
    staleTime: 4_000,
  });
}

/** The symbol's rules from exchangeInfo (the same query the page's symbol lists use). */
export function useSymbolRules(symbol: string): { rules: (SymbolRules & { quoteAsset: string; baseAsset: string; takerFeeRate: string; makerFeeRate: string }) | undefined; loaded: boolean } {
  const info = useQuery({
    queryKey: queryKeys.markets.exchangeInfo(),
    queryFn: ({ signal }) => exchangeGet("exchangeInfo", undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  return { rules: info.data?.symbols.find((s) => s.symbol === symbol), loaded: info.isSuccess };
}

function useFeeRates() {
  return useQuery({
    queryKey: queryKeys.exchange.endpoint("account"),
    queryFn: ({ signal }) => exchangeGet("account", undefined, { signal }),
    staleTime: 60_000,
    select: (a) => a.commissionRates,
  });
}

const dt = "text-xs text-slate-600 dark:text-slate-400";
const dd = "font-mono text-sm text-slate-900 tabular-nums dark:text-slate-100";

export function OrderReference({ symbol, type, quantity, price }: { symbol: string; type: string; quantity: string; price: string }) {
  const ticker = useReferenceTicker(symbol);
  const { rules } = useSymbolRules(symbol);
  const fees = useFeeRates();
  const t = ticker.data;
  const tick = rules?.tickSize;
  const quote = rules?.quoteAsset ?? "USDT";
  const pricedAt = type === "LIMIT" ? price.trim() : t?.lastPrice;
  const notional = notionalOf(quantity.trim(), pricedAt || undefined);

  return (
    <section aria-label="Reference price and estimate" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950/40">
      <p className="text-xs text-slate-700 dark:text-slate-300">
        <strong>Reference: the spot 24 h ticker of {symbol}.</strong> The interface&apos;s contract endpoints offer no contract ticker or mark price, so the spot price is
        the reference; contract prices follow it within a small basis.
      </p>
      {ticker.isError ? <p className="text-sm text-red-700 dark:text-red-300">The reference price could not be read; the form cannot check the limit price ratio.</p> : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
        <div>
          <dt className={dt}>Spot last</dt>
          <dd className={dd} data-testid="reference-last">
            {t ? formatDecimal(t.lastPrice) : "…"}
          </dd>
        </div>
        <div>
          <dt className={dt}>Spot bid</dt>
          <dd className={dd}>{t ? formatDecimal(t.bidPrice) : "…"}</dd>
        </div>
        <div>
          <dt className={dt}>Spot ask</dt>
          <dd className={dd}>{t ? formatDecimal(t.askPrice) : "…"}</dd>
        </div>
        <div>
          <dt className={dt}>As of (UTC)</dt>
          <dd className={dd}>{t ? formatUtcTime(t.closeTime).slice(11) : "…"}</dd>
        </div>
        <div>
          <dt className={dt}>Notional{type === "LIMIT" ? "" : " (at spot last)"}</dt>
          <dd className={dd} data-testid="order-notional">
            {notional ? `≈ ${roughAmount(notional)} ${quote}` : "—"}
          </dd>
        </div>
        <div>
          <dt className={dt}>Fee if taker{fees.data ? ` (${formatRateAsPercent(fees.data.taker)})` : ""}</dt>
          <dd className={dd}>{notional && fees.data ? `≈ ${roughAmount(notional.times(fees.data.taker))} ${quote}` : "—"}</dd>
        </div>
        <div>
          <dt className={dt}>Fee if maker{fees.data ? ` (${formatRateAsPercent(fees.data.maker)})` : ""}</dt>
          <dd className={dd}>{notional && fees.data ? `≈ ${roughAmount(notional.times(fees.data.maker))} ${quote}` : "—"}</dd>
        </div>
        <div>
          <dt className={dt}>Rules (spot {symbol})</dt>
          <dd className="text-xs text-slate-900 dark:text-slate-100">
            {rules ? `tick ${tick ?? `1e-${rules.quoteAssetPrecision}`}, step ${rules.stepSize ?? `1e-${rules.baseAssetPrecision}`}, ${formatDecimal(rules.minTradeAmount)}–${formatDecimal(rules.maxTradeAmount)}` : "…"}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Fees at the account&apos;s rates (the account endpoint&apos;s commission rates; the interface shows no separate contract rates). The interface has no contract symbol rules, so
        price and quantity are checked against the spot symbol&apos;s.
      </p>
    </section>
  );
}
