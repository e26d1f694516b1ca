/**
 * The previous period's answer of a shared report, for percentages links: a
 * headline total (whole "self" in its contract) shows there as its change
 * against the same total of the previous period (lib/reports/periods.ts: as
 * many whole UTC days right before the range). Read only for reports that have
 * such totals, and used only when the warehouse holds that whole period: a
 * change against a period synced in part would be made up, so none is shown.
 */
import "server-only";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { REPORT_CONTRACTS } from "../reports/contracts";
import type { ReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { previousPeriod } from "../reports/periods";
import { answerReport } from "../reports/run";
import { formatIsoDay } from "../url-state/date-range";
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
  const period = previousPeriod({ start: filters.range.startTime, end: filters.range.endTime });
  const query = new URLSearchParams(params);
  query.set("range", "custom");
  query.set("from", formatIsoDay(period.start));
  query.set("to", formatIsoDay(period.end));
  // The totals do not depend on the page shown.
  query.delete("page");
  try {
    const answer = await answerReport(db, connectionId, report, filtersOf(query, at), query);
    return { answer: answer.coverage.state === "complete" ? answer : undefined };
  } catch (error) {
    // The previous period of an entity may be refused (say, nothing known then): no change to show, not a failed link.
    if (error instanceof ApiError && error.status < 500) return { answer: undefined };
    throw error;
  }
}
