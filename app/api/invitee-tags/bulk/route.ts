/**
 * Add and remove tag names on many invitees at once, the directory's bulk action: POST { uids, add?, remove? } (the
 * rows a page shows), or { directory, add?, remove? } (every invitee the directory view's query matches — its search,
 * filters and the team's own tag and follow-up filters; a view of more than BULK_UIDS_MAX invitees is refused whole
 * rather than changed in part). Every uid must be an invitee of the connection's warehouse: otherwise 400 naming the
 * first few.
 */
import { ApiError, apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { bulkTags } from "@/lib/invitee-work/assignments-store";
import { bulkTagsInputSchema } from "@/lib/invitee-work/inputs";
import { unknownInvitees } from "@/lib/invitee-work/invitee";
import { workContext } from "@/lib/invitee-work/route-context";
import { BULK_UIDS_MAX, type BulkTagsAnswer } from "@/lib/invitee-work/types";
import { rosterQuerySchema } from "@/lib/reports/invitees/contract";
import { directoryUids } from "@/lib/reports/invitees/directory";
import { reportQuery } from "@/lib/reports/report-query";
import { usableReportFilters } from "@/lib/reports/strict-params";

export const dynamic = "force-dynamic";

const NAMED = 5;

export const POST = apiRoute({ role: "analyst", body: bulkTagsInputSchema }, async ({ request, user, body }): Promise<BulkTagsAnswer> => {
  const { db, connectionId } = await workContext(request);
  const at = now();
  let uids = body.uids ?? [];
  if (body.directory !== undefined) {
    const view = new URLSearchParams(body.directory);
    uids = await directoryUids(db, connectionId, usableReportFilters("invitees", view), reportQuery(rosterQuerySchema, view), at.getTime(), BULK_UIDS_MAX);
    if (uids.length > BULK_UIDS_MAX) throw new ApiError(400, "TOO_MANY", `directory: this view matches more than ${BULK_UIDS_MAX} invitees; narrow it first`);
    if (uids.length === 0) return { invitees: 0, added: 0, removed: 0 };
  }
  const unknown = await unknownInvitees(db, connectionId, uids);
  if (unknown.length > 0) {
    const more = unknown.length > NAMED ? ` and ${unknown.length - NAMED} more` : "";
    throw new ApiError(400, "BAD_REQUEST", `uids: not invitees of this connection's warehouse: ${unknown.slice(0, NAMED).join(", ")}${more}`, { unknownUids: unknown.slice(0, NAMED) });
  }
  return bulkTags(db, connectionId, uids, body.add ?? [], body.remove ?? [], user, at);
});
