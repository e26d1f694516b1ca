/**
 * The compared period's answer of a shared report, for percentages links: a
 * headline total (whole "self" in its contract) shows there as its change
 * against the same total of the period the view compares with — the previous
 * period or the same days a year earlier (`compare`, lib/reports/periods.ts),
 * as the page in the app says. Like with like: while today is partial both
 * periods are read without their last day (`comparedDays`), so the current
 * figure is its whole days' answer. Read only for reports that have such
 * totals, and used only when the warehouse holds the compared days whole: a
 * change against a period synced in part would be made up, so none is shown.
 */
import "server-only";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { REPORT_CONTRACTS } from "../reports/contracts";
import type { ReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { comparedDays, periodsOf, type DayStretch } from "../reports/periods";
import { answerReport } from "../reports/run";
import { needsPreviousPeriod, type PreviousPeriod } from "./redact";
import { filtersOf } from "./scope";

export async function previousPeriodAnswer(
  db: Db,
  connectionId: string,
  report: ReportName,
  filters: ReportFilters,
  params: URLSearchParams,
  at: Date,
): Promise<PreviousPeriod | undefined> {
  if (!needsPreviousPeriod(REPORT_CONTRACTS[report].answer)) return undefined;
  const periods = periodsOf(filters.range);
  const days = comparedDays(periods);
  const earlier = days[filters.compare];
  // Today alone: no whole day to compare.
  if (days.current === null || earlier === null) return { answer: undefined };
  const answerOf = async (stretch: DayStretch): Promise<unknown> => {
    const query = new URLSearchParams(params);
    query.set("range", "custom");
    query.set("from", stretch.from);
    query.set("to", stretch.to);
    // The totals do not depend on the page shown.
    query.delete("page");
    try {
      const answer = await answerReport(db, connectionId, report, filtersOf(query, at), query);
      return answer.coverage.state === "complete" ? answer : undefined;
    } catch (error) {
      // The earlier period of an entity may be refused (say, nothing known then): no change to show, not a failed link.
      if (error instanceof ApiError && error.status < 500) return undefined;
      throw error;
    }
  };
  if (periods.partialDay === null) return { answer: await answerOf(earlier) };
  const [answer, currentWholeDays] = await Promise.all([answerOf(earlier), answerOf(days.current)]);
  return { answer, currentWholeDays };
}
