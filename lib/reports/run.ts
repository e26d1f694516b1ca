/**
 * The report pipeline: every analytics report by name (its runner from the registry),
 * and the answer every view receives — the report, the resolved range, ignored
 * parameters, its coverage (which part of the range the warehouse holds, per
 * bucket) and its "data as of" (the oldest of the sources it reads) — built here once. The app's
 * report routes (route.ts), share links and snapshots all answer through here,
 * so a shared view gets exactly what the page in the app would.
 */
import "server-only";
import type { Db } from "../db/client";
import { heldDays, isoDay } from "./coverage";
import { coverageFor, sourceSpansFor } from "./coverage-sources";
import type { AnswerMeta } from "./contracts/report-contract";
import type { AnswerOf, ReportOf } from "./define";
import { periodsOf } from "./periods";
import { resolveDateRange } from "../url-state/date-range";
import type { ReportFilters } from "./filters";
import type { ReportName } from "./names";
import { reportDefinition } from "./registry";

export type { AnswerOf, ReportOf } from "./define";

export function runReport<N extends ReportName>(db: Db, connectionId: string, name: N, filters: ReportFilters, query: URLSearchParams): Promise<ReportOf<N>> {
  return reportDefinition(name).run(db, connectionId, filters, query);
}

/** "All time" starts on the first day the warehouse holds for every source the report reads (today when it holds nothing). */
async function withHistoryStart(db: Db, connectionId: string, name: ReportName, filters: ReportFilters): Promise<ReportFilters> {
  if (filters.range.state.range !== "all") return filters;
  const held = heldDays(await sourceSpansFor(db, connectionId, name, filters));
  // endTime is "now" for a range reaching today, so the range is re-resolved at the same instant.
  const range = resolveDateRange(filters.range.state, new Date(filters.range.endTime), held ? isoDay(held.first) : isoDay(filters.range.endTime));
  return { ...filters, range };
}

export async function answerReport<N extends ReportName>(db: Db, connectionId: string, name: N, given: ReportFilters, query: URLSearchParams): Promise<AnswerOf<N>> {
  const filters = await withHistoryStart(db, connectionId, name, given);
  const [report, coverage] = await Promise.all([runReport(db, connectionId, name, filters, query), coverageFor(db, connectionId, name, filters)]);
  const meta: AnswerMeta = {
    range: { from: filters.range.from, to: filters.range.to, label: filters.range.label },
    periods: periodsOf(filters.range),
    compare: filters.compare,
    issues: filters.issues,
    // The oldest of this report's own sources, so "data as of …" is true for every figure the page shows.
    dataAsOf: coverage.asOf,
    coverage,
  };
  return { ...report, ...meta } as AnswerOf<N>;
}
