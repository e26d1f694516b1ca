/**
 * The connection's change log of annotations, campaign costs or targets and tier thresholds
 * (`?kind=annotations|costs|targets[&before=<id>][&limit=]`), newest first: who changed which note, cost or target,
 * when, from what to what. Analysts and above, as the notes, costs and targets.
 */
import { apiRoute } from "@/lib/api/route";
import { changeLogQuerySchema } from "@/lib/change-log/inputs";
import { annotationChangeLog, costChangeLog, targetChangeLog } from "@/lib/change-log/store";
import { workContext } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst", query: changeLogQuerySchema }, async ({ request, query }) => {
  const { db, connectionId } = await workContext(request);
  const read = { annotations: annotationChangeLog, costs: costChangeLog, targets: targetChangeLog }[query.kind];
  return read(db, connectionId, query);
});
