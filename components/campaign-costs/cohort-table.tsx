"use client";

/**
 * Return by sign-up cohort over time: one row per month of sign-up (its sign-ups, the costs entered in that month),
 * and the cohort's return at the end of each month since — its commission since sign-up so far ÷ its cost.
 */
import type { CohortRow } from "@/lib/campaign-costs/returns-types";
import { formatCount } from "@/lib/format/amount";
import { CAMPAIGN_METRICS as M } from "@/lib/metrics/campaign-costs";
import { labelWithUnit } from "@/lib/metrics/definitions";
import { MetricHelp } from "@/components/reports/metric-help";
import { useId } from "react";
import { FigureCell, SaidBlank } from "./figure-cell";

export function CohortTable({ cohorts, through }: { cohorts: readonly CohortRow[]; through: string | null }) {
  const wordsId = useId();
  if (cohorts.length === 0) return <p className="px-4 py-2 text-sm text-slate-600 dark:text-slate-400">No sign-up and no cost for this code yet.</p>;
  const width = Math.max(...cohorts.map((c) => c.months.length));
  const ages = Array.from({ length: width }, (_, i) => i);
  // The words above the scroll box, not as the table's caption: a caption is as wide as its (unwrapped) table, so it
  // ran off the box mid-word.
  return (
    <>
    <p id={wordsId} className="px-4 text-xs text-slate-600 dark:text-slate-400">
      {M.campaignReturn.label} (×) of each month&apos;s sign-ups at the end of each month since (month 0: the month of sign-up), commission counted
      {through ? ` through ${through}` : " once synced"}; a cohort&apos;s cost is what was entered on that month&apos;s days. Scroll the table sideways for later months.
      <MetricHelp label={M.campaignReturn.label} definition={M.campaignReturn.definition} />
    </p>
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm whitespace-nowrap" aria-label="Return by sign-up cohort" aria-describedby={wordsId}>
        <thead>
          <tr className="text-left">
            <th className="px-4 py-1">Sign-up month</th>
            <th className="px-2 py-1 text-right">Sign-ups</th>
            <th className="px-2 py-1 text-right">{labelWithUnit(M.campaignCost)}</th>
            {ages.map((a) => (
              <th key={a} className="px-2 py-1 text-right">
                Month {a}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((c) => (
            <tr key={c.cohort} className="border-t border-slate-100 dark:border-slate-800" data-cohort={c.cohort}>
              <th scope="row" className="px-4 py-1 text-left font-mono font-normal">
                {c.cohort}
              </th>
              <td className="px-2 py-1 text-right">{formatCount(c.signups)}</td>
              <td className="px-2 py-1 text-right">
                <FigureCell figure={c.cost} />
              </td>
              {ages.map((a) => {
                const m = c.months[a];
                return (
                  <td key={a} className="px-2 py-1 text-right" title={m ? `${m.month}: commission ${m.commission.value ?? m.commission.blank ?? ""} ≈ USDT` : undefined}>
                    {/* A cohort without a valued cost says why once, in its cost cell: each month's return is blank for it. */}
                    {!m ? "" : c.cost.value === null ? <SaidBlank words={m.returnRatio.blank} /> : <FigureCell figure={m.returnRatio} ratio verdict={false} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}
