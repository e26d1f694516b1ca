"use client";

/**
 * What a Commissions view leaves out, said in words with the way to see it: the
 * coins a one-coin view does not show ("Also in this period: 912.28 USDT"), and
 * in the all-coins view the coins the one-coin tables below (top invitees,
 * rates) do not include. Links switch the view's coin; on a share link, whose
 * coin is fixed, they are plain text.
 */
import { Link } from "@/components/ui/link";
import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { money, useAmountFormat, useReportSource } from "@/components/reports/report-context";
import { coinDecimals } from "@/lib/format/amount";
import { patchParams } from "@/lib/url-state/params";

/** A link to this page with another coin (undefined: all coins); text on a share link. */
export function CoinViewLink({ coin, children }: { coin: string | undefined; children: ReactNode }) {
  const params = useSearchParams();
  const pathname = usePathname();
  const shared = useReportSource().shared;
  if (shared) return <>{children}</>;
  const next = patchParams(params.toString(), { coin, page: undefined }).toString();
  return (
    <Link href={next ? `${pathname}?${next}` : pathname} scroll={false} className="underline decoration-dotted underline-offset-2 hover:decoration-solid">
      {children}
    </Link>
  );
}

/** A one-coin view: the other coins' commission over the same filters, which this view does not show. */
export function OtherCoinsNote({ coin, others }: { coin: string; others: ReadonlyArray<{ coin: string; commission: string }> }) {
  const fmt = useAmountFormat();
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="other-coins">
      This view shows {coin} commission only.{" "}
      {others.length > 0 ? (
        <>
          Also in this period:{" "}
          {others.map((o, i) => (
            <span key={o.coin}>
              {i > 0 ? ", " : ""}
              <CoinViewLink coin={o.coin}>{money(fmt, o.commission, coinDecimals(o.coin), o.coin)}</CoinViewLink>
            </span>
          ))}{" "}
          (<CoinViewLink coin={undefined}>all coins, ≈ USDT</CoinViewLink>).
        </>
      ) : (
        <>No other coin has commission in this period.</>
      )}
    </p>
  );
}

/** Under a table of one coin in the all-coins view: the coins it leaves out, with a link to each coin's own view. */
export function LeftOutCoins({ shown, coins }: { shown: string; coins: readonly string[] }) {
  const left = coins.filter((c) => c !== shown);
  if (left.length === 0) return null;
  return (
    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="left-out-coins">
      {shown} items only: {left.map((c, i) => (
        <span key={c}>
          {i > 0 ? ", " : ""}
          <CoinViewLink coin={c}>{c} commission is in Coin: {c}</CoinViewLink>
        </span>
      ))}
      .
    </p>
  );
}
