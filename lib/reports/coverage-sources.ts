/**
 * Which sync reports feed which analytics report (each report's definition,
 * lib/reports/<name>/index.ts, names its own), and the coverage of a view
 * from their sync_state rows (lib/reports/coverage.ts holds the rule). A
 * name the registry does not hold is judged by every sync report:
 * it may read any of them, and a coverage too strict beats zeros that lie.
 */
import "server-only";
import type { Db } from "../db/client";
import { REPORTS } from "../sync/reports";
import { syncReportLabel } from "../sync/report-labels";
import { loadStates } from "../sync/state";
import { coverageOf, type Coverage, type SourceSpan } from "./coverage";
import type { ReportFilters } from "./filters";
import { isReportName } from "./names";
import { INVITED_USERS, MILESTONES } from "./sync-sources";

/** The sync reports (sync_state keys) a report view reads: its definition's, or every one for a name it does not know. */
export async function sourcesOf(name: string, filters: ReportFilters): Promise<string[]> {
  if (!isReportName(name)) return [...REPORTS.map((r) => r.key), MILESTONES];
  // Loaded when asked, not when this module loads: the registry imports every report folder, and their SQL
  // (the Overview's detail) imports this module — a cycle that left a report's tables undefined at registration.
  const { reportDefinition } = await import("./registry");
  return reportDefinition(name).sources(filters);
}

/** The coverage of a report view for a connection, from its sources' sync_state rows. */
export async function coverageFor(db: Db, connectionId: string, name: string, filters: ReportFilters): Promise<Coverage> {
  const sources = await sourceSpansFor(db, connectionId, name, filters);
  return coverageOf({ range: filters.range, interval: filters.interval, tz: filters.tz, sources });
}

/** What the sync holds of each source a report view reads (one read of sync_state; coverageOf judges any range with it). */
export async function sourceSpansFor(db: Db, connectionId: string, name: string, filters: ReportFilters): Promise<SourceSpan[]> {
  const [states, sources] = await Promise.all([loadStates(db, connectionId), sourcesOf(name, filters)]);
  return sources.map((key) => {
    if (key === MILESTONES) {
      // Rows synced before full reads were recorded: the invited users' own "as of" until the next full read.
      const asOf = states.get(key)?.coveredTo ?? states.get(INVITED_USERS)?.coveredTo ?? null;
      return { key, label: "Invitee milestones", coveredFrom: null, coveredTo: asOf, backfillDone: true, asOfOnly: true };
    }
    const row = states.get(key);
    const incomplete = (row?.incomplete ?? []).map((w) => ({ startTime: w.startTime, endTime: w.endTime }));
    return { key, label: syncReportLabel(key), coveredFrom: row?.coveredFrom ?? null, coveredTo: row?.coveredTo ?? null, backfillDone: row?.backfillDone ?? false, ...(incomplete.length > 0 ? { incomplete } : {}) };
  });
}
