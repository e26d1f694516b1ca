/**
 * The team's columns of the app's own directory CSV: each invitee's tags and follow-up beside the directory's figures,
 * read per batch of rows (one pair of statements per 1 000 invitees). Only the app's export route adds them
 * (lib/export/export-route.ts); a share link's or a digest's CSV is the report's table alone.
 */
import "server-only";
import type { OpenedTable } from "../export/table-types";
import type { ReportName } from "../reports/names";
import { followUpWords } from "./labels";
import type { DbOrTx } from "./log";
import { workOfInvitees } from "./of-invitees";

const COLUMNS: OpenedTable["columns"] = [
  { key: "teamTags", header: "Tags (your team's)", kind: { kind: "text" } },
  { key: "teamFollowUp", header: "Follow-up (your team's)", kind: { kind: "text" } },
];

/** The extension of `report`'s `table` in the app's export, or undefined where the team has nothing to add. */
export function teamColumnsFor(report: ReportName, table: string, db: DbOrTx, connectionId: string): ((opened: OpenedTable) => OpenedTable) | undefined {
  if (report !== "invitees" || table !== "roster") return undefined;
  return (opened) => ({
    columns: [...opened.columns, ...COLUMNS],
    batches: (async function* () {
      for await (const batch of opened.batches) {
        const work = await workOfInvitees(db, connectionId, batch.map((row) => row.uid ?? ""));
        yield batch.map((row) => {
          const summary = work.get(row.uid ?? "");
          return {
            ...row,
            teamTags: (summary?.tags ?? []).map((t) => t.name).join("; "),
            teamFollowUp: summary?.followUp ? followUpWords(summary.followUp) : "",
          };
        });
      }
    })(),
  });
}
