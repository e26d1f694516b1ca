/**
 * CSV exports of a shared view: live links stream the table from the
 * warehouse within the locked scope (uids masked when the link says so);
 * snapshot links answer the CSV frozen at creation. Links that show
 * percentages instead of amounts export nothing: a CSV would hand out the amounts.
 */
import "server-only";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findTable } from "../export/report-tables";
import { csvResponse, exportFilename, streamReportCsv } from "../export/stream-report";
import { scopedParams } from "./answer";
import { filtersOf } from "./scope";
import { maskCsvRow } from "./redact";
import { ShareRefusal } from "./serve";
import { snapshotAnswer, type Snapshot } from "./snapshot";
import type { OpenShareLink } from "./store";
import { maskUidFor } from "./token";

export async function sharedCsv(db: Db, open: OpenShareLink, request: URLSearchParams): Promise<Response> {
  if (open.link.percentages) throw new ShareRefusal(403, "EXPORT_UNAVAILABLE", "this link shows percentages instead of amounts, so it offers no export");
  const at = now();
  const params = scopedParams(open, request, at);
  const table = params.get("table") ?? "";
  const filters = filtersOf(params, at, open.scope);
  if (open.link.mode === "snapshot") {
    if (!findTable(open.report, table)) throw new ShareRefusal(400, "UNKNOWN_TABLE", `no table "${table.slice(0, 40)}" in this report`);
    const text = (open.link.snapshot as Snapshot | null)?.csv?.[table];
    if (text === undefined) throw new ShareRefusal(409, "NOT_IN_SNAPSHOT", "this table was too large to freeze with the snapshot");
    const bytes = new TextEncoder().encode(text);
    // Named with the "data as of" the frozen figures had, not today's.
    const frozen = snapshotAnswer(open.link.snapshot as Snapshot, "") as { dataAsOf?: number | null; coverage?: { note?: string } } | undefined;
    const partial = Boolean(frozen?.coverage?.note);
    return csvResponse({ filename: exportFilename(open.report, table, filters, frozen?.dataAsOf ?? null, partial), body: new Blob([bytes]).stream() });
  }
  const transformRow = open.link.redactUids ? maskCsvRow(maskUidFor(open.link.id)) : undefined;
  return csvResponse(await streamReportCsv({ db, connectionId: open.link.connectionId, report: open.report, table, filters, query: params, ...(transformRow ? { transformRow } : {}) }));
}
