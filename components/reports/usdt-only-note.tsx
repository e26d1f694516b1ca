"use client";

/**
 * Why a sub-affiliate figure needs no valuation and what it leaves out (docs/prices.md): the exchange's sub-affiliate
 * report gives USDT amounts made of the invitees' USDT items only, so nothing here is valued at a price and no
 * other coin is in it. Said once, beside the headline of both sub-affiliate pages, with where the rest is: Commissions
 * from sub-agents in every coin (≈ USDT), over the same days (a shared view has no such link: it shows one report).
 */
import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import { reportHref } from "@/lib/reports/entity-links";
import { useReportSource } from "./report-context";

export function UsdtOnlyNote() {
  const params = useSearchParams();
  const shared = useReportSource().shared;
  const view = new URLSearchParams(params.toString());
  view.delete("coin");
  view.set("source", "sub");
  const where = "Commissions, Source: Sub-agents, all coins";
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="usdt-only-note">
      In USDT as the exchange&apos;s sub-affiliate report gives them, made of the invitees&apos; USDT items only: nothing here is valued at a price, and
      commission paid in other coins, such as BTC, is not in these figures. Your own commission through sub-agents in every coin (≈ USDT) is on{" "}
      {shared ? (
        where
      ) : (
        <Link href={reportHref("/commissions", view)} className="underline underline-offset-2">
          {where}
        </Link>
      )}
      .
    </p>
  );
}
