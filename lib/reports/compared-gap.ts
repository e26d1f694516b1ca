/**
 * Why a page cannot compare with an earlier period: today is the period's only (partial) day, or the warehouse
 * does not hold every day the change would compare (lib/reports/periods.ts comparedDays, coverage.ts periodGap).
 * Its figures are then blank with this reason, never a change against zeros. Pure and browser-safe.
 */
import { periodGap, type Coverage } from "./coverage";
import { comparedDays, periodOfStretch, type CompareChoice, type ReportPeriods } from "./periods";

export const TODAY_ONLY = "today only, partial";

/** null where the compared days are all held; else the reason in a few words ("history starts 2025-11-27"). */
export function comparedGap(coverage: Pick<Coverage, "historyFrom" | "historyTo" | "incomplete">, periods: ReportPeriods, compare: CompareChoice): string | null {
  const days = comparedDays(periods);
  const earlier = days[compare];
  if (days.current === null || earlier === null) return TODAY_ONLY;
  return periodGap(coverage, periodOfStretch(earlier));
}
