/**
 * Add and remove tag names on many invitees at once (POST { uids, add?, remove? }), the directory's bulk
 * action. Every uid must be an invitee of the connection's warehouse: otherwise 400 naming the first few.
 */
import { ApiError, apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { bulkTags } from "@/lib/invitee-work/assignments-store";
import { bulkTagsInputSchema } from "@/lib/invitee-work/inputs";
import { unknownInvitees } from "@/lib/invitee-work/invitee";
import { workContext } from "@/lib/invitee-work/route-context";
import type { BulkTagsAnswer } from "@/lib/invitee-work/types";

export const dynamic = "force-dynamic";

const NAMED = 5;

export const POST = apiRoute({ role: "analyst", body: bulkTagsInputSchema }, async ({ request, user, body }): Promise<BulkTagsAnswer> => {
  const { db, connectionId } = await workContext(request);
  const unknown = await unknownInvitees(db, connectionId, body.uids);
  if (unknown.length > 0) {
    const more = unknown.length > NAMED ? ` and ${unknown.length - NAMED} more` : "";
    throw new ApiError(400, "BAD_REQUEST", `uids: not invitees of this connection's warehouse: ${unknown.slice(0, NAMED).join(", ")}${more}`, { unknownUids: unknown.slice(0, NAMED) });
  }
  return bulkTags(db, connectionId, body.uids, body.add ?? [], body.remove ?? [], user, now());
});
