/**
 * The tags and follow-ups of the invitees a page shows (GET ?uids=1,2,3, at most one directory page): the directory's
 * chips beside each uid. Read from the team's own tables, never through a report, so share views cannot reach it.
 */
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { uidSchema } from "@/lib/invitee-work/inputs";
import { workOfInvitees, type InviteeWorkSummary } from "@/lib/invitee-work/of-invitees";
import { workContext } from "@/lib/invitee-work/route-context";
import { ROSTER_PAGING } from "@/lib/reports/invitees/contract";

export const dynamic = "force-dynamic";

const query = z
  .object({
    uids: z
      .string()
      .transform((list) => (list === "" ? [] : list.split(",")))
      .pipe(z.array(uidSchema).max(ROSTER_PAGING.maxPageSize, `at most ${ROSTER_PAGING.maxPageSize} uids (a directory page)`)),
  })
  .strict();

export const GET = apiRoute({ role: "analyst", query }, async ({ request, query }): Promise<{ invitees: Record<string, InviteeWorkSummary> }> => {
  const { db, connectionId } = await workContext(request);
  return { invitees: Object.fromEntries(await workOfInvitees(db, connectionId, query.uids)) };
});
