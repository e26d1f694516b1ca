"use client";

import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import { useAmountFormat } from "@/components/reports/report-context";
import { useReportSource } from "@/components/reports/report-context";
import { Stat } from "@/components/reports/stat";
import type { SubAffiliateDetailAnswer } from "@/lib/reports/sub-affiliate/contract";
import { reportHref } from "@/lib/reports/entity-links";
import { SUB_AFFILIATE_METRICS as M } from "@/lib/metrics/sub-affiliate";
import { formatDecimal } from "@/lib/format/decimal";

/**
 * What the affiliate earns over sub-agents: the exact total of its sourceType 2
 * items (all sub-affiliates together, as the interface gives it) and this sub's
 * part, labelled an estimate (lib/reports/sub-affiliate/override.ts says how).
 * Always USDT: the sub-affiliate report's fees are USDT only, whatever the view's coin.
 */
export function OverrideSection({ override, coin }: { override: SubAffiliateDetailAnswer["override"]; coin: string }) {
  const fmt = useAmountFormat();
  const shared = useReportSource().shared;
  const params = new URLSearchParams(useSearchParams().toString());
  params.set("source", "sub");
  params.set("coin", "USDT");
  const all = `${M.overrideAllSubAgents.label} (${fmt.percentages ? "% of total" : "USDT"})`;
  // On a percentages link the server sent the estimate as its part of the all-sub-agents total (and that total as 100 %).
  const estimate = `${M.overrideEstimate.label} (${fmt.percentages ? "% of your commission via all sub-agents" : "USDT"})`;
  const commissions = "your sub-agent commission items on Commissions";
  return (
    <section aria-label="Your override over sub-agents" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 className="text-base font-semibold">Your override over sub-agents</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        What you earn over sub-agents is your commission items marked sourceType 2 (via a sub-agent). The exchange gives them in total only and never says which
        sub-affiliate an item came through, so what you earned from this sub-affiliate is not known exactly: below is the total over all sub-agents, and an estimate
        for this one. See{" "}
        {shared ? (
          commissions
        ) : (
          <Link href={reportHref("/commissions", params)} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {commissions}
          </Link>
        )}
        .{coin !== "USDT" ? " Both figures are in USDT, whatever the coin chosen above: the sub-affiliate report's fees are USDT only." : ""}
      </p>
      <dl className="grid gap-3 sm:grid-cols-2">
        {fmt.percentages ? null : <Stat label={all} definition={M.overrideAllSubAgents.definition} value={`${formatDecimal(override.allSubAgents, { dp: 2 })} USDT`} />}
        <Stat label={estimate} definition={M.overrideEstimate.definition} value={fmt.percentages ? `${formatDecimal(override.estimate, { dp: 2 })} %` : `${formatDecimal(override.estimate, { dp: 2 })} USDT`} />
      </dl>
    </section>
  );
}
