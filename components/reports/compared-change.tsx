import type { ReactNode } from "react";
import type { AnswerCoverage } from "@/lib/reports/contracts/report-contract";
import { periodGap, periodOfDays } from "@/lib/reports/coverage";
import { previousPeriod, yearAgoPeriod } from "@/lib/reports/periods";

const PERIODS = { previous: previousPeriod, yearAgo: yearAgoPeriod } as const;

/**
 * A comparison with an earlier period, shown only where the warehouse holds
 * that period: otherwise the reason in a few words ("vs a year ago: history
 * starts 2025-11-25"), since a change against days never synced would compare
 * with zeros that are not real.
 */
export function ComparedWhereSynced({
  coverage,
  range,
  period,
  label,
  children,
}: {
  coverage: AnswerCoverage;
  range: { from: string; to: string };
  period: keyof typeof PERIODS;
  label: string;
  /** The change itself, shown when the period is held. */
  children: ReactNode;
}) {
  const gap = periodGap(coverage, PERIODS[period](periodOfDays(range)));
  if (gap === null) return children;
  return (
    <span className="text-slate-600 dark:text-slate-400" data-comparison-gap={period}>
      {label}: <span className="inline-block whitespace-nowrap">{gap}</span>
    </span>
  );
}
