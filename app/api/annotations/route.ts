/**
 * The connection's chart annotations: GET lists those a chart of the given days and scope shows (?from&to, ?sub or
 * ?code), POST adds one (201). Analysts, as the reports whose charts carry them (lib/auth/roles: affiliate reports
 * are analyst and above); viewers see no reports, so no annotations.
 */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { annotationInputSchema, annotationListQuerySchema } from "@/lib/annotations/inputs";
import { createAnnotation, listAnnotations } from "@/lib/annotations/store";
import { workContext } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst", query: annotationListQuerySchema }, async ({ request, query }) => {
  const { db, connectionId } = await workContext(request);
  return { annotations: await listAnnotations(db, connectionId, query) };
});

export const POST = apiRoute({ role: "analyst", body: annotationInputSchema }, async ({ request, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return Response.json(await createAnnotation(db, connectionId, body, user, now()), { status: 201 });
});
