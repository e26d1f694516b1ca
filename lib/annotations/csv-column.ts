/**
 * The team's annotations beside a time table in the app's own CSV: one column, "Annotations (your team's)", holding on
 * each bucket's row the notes the page's chart marks at that bucket, numbered and worded as the list under the chart
 * ("1. 2026-11-02 Campaign launched (invite code AAA)"; several joined by "; "). Only the app's export route adds it
 * (lib/export/export-route.ts); a share link's CSV is the report's table alone, as a digest's is.
 */
import "server-only";
import type { Db } from "../db/client";
import type { OpenedTable } from "../export/table-types";
import type { ReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { annotationLine } from "./markers";
import { listAnnotations } from "./store";
import { bucketFor, chartScopeOf } from "./types";

const COLUMN: OpenedTable["columns"][number] = { key: "teamAnnotations", header: "Annotations (your team's)", kind: { kind: "text" } };

/** A table with a row per bucket of the view's days: a time table, whose chart the notes stand on. */
const isTimeTable = (opened: OpenedTable) => opened.columns.some((c) => c.key === "bucket");

export function annotationColumnFor(report: ReportName, filters: Pick<ReportFilters, "range" | "uid" | "sub">, db: Db, connectionId: string): (opened: OpenedTable) => OpenedTable {
  return (opened) => {
    if (!isTimeTable(opened)) return opened;
    return {
      columns: [...opened.columns, COLUMN],
      batches: (async function* () {
        // A time table is small (one row per bucket, at most a few per coin): read whole, as the chart places notes
        // against all its buckets.
        const rows: Array<Record<string, string>> = [];
        for await (const batch of opened.batches) rows.push(...batch);
        const scope = chartScopeOf(report, { from: filters.range.from, to: filters.range.to, uid: filters.uid, sub: filters.sub });
        const notes = await listAnnotations(db, connectionId, scope);
        const buckets = [...new Set(rows.map((r) => r.bucket ?? "").filter((b) => b !== ""))].sort();
        const at = new Map<string, string[]>();
        notes.forEach((note, i) => {
          const bucket = bucketFor(note.day, buckets);
          if (bucket !== null) at.set(bucket, [...(at.get(bucket) ?? []), annotationLine(note, i)]);
        });
        yield rows.map((row) => ({ ...row, teamAnnotations: (at.get(row.bucket ?? "") ?? []).join("; ") }));
      })(),
    };
  };
}
