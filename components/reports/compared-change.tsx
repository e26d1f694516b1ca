import type { ReactNode } from "react";
import type { AnswerMeta } from "@/lib/reports/contracts/report-contract";
import { comparedGap } from "@/lib/reports/compared-gap";

/**
 * A comparison with an earlier period (the answer's `periods`), shown only
 * where the warehouse holds the days it compares: otherwise the reason in a few
 * words ("vs a year ago: history starts 2025-11-25"), since a change against
 * days never synced would compare with zeros that are not real. While today is
 * the period's only day, and partial, there is nothing whole to compare yet.
 */
export function ComparedWhereSynced({
  coverage,
  periods,
  period,
  label,
  children,
}: {
  coverage: AnswerMeta["coverage"];
  periods: AnswerMeta["periods"];
  period: "previous" | "yearAgo";
  label: string;
  /** The change itself, shown when the period is held. */
  children: ReactNode;
}) {
  const gap = comparedGap(coverage, periods, period);
  if (gap === null) return children;
  return (
    <span className="text-slate-600 dark:text-slate-400" data-comparison-gap={period}>
      {label}: <span className="inline-block whitespace-nowrap">{gap}</span>
    </span>
  );
}
