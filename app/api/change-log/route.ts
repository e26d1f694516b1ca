/**
 * The connection's change log of annotations or campaign costs (`?kind=annotations|costs[&before=<id>][&limit=]`),
 * newest first: who changed which note or cost, when, from what to what. Analysts and above, as the notes and costs.
 */
import { apiRoute } from "@/lib/api/route";
import { changeLogQuerySchema } from "@/lib/change-log/inputs";
import { annotationChangeLog, costChangeLog } from "@/lib/change-log/store";
import { workContext } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst", query: changeLogQuerySchema }, async ({ request, query }) => {
  const { db, connectionId } = await workContext(request);
  return query.kind === "annotations" ? annotationChangeLog(db, connectionId, query) : costChangeLog(db, connectionId, query);
});
