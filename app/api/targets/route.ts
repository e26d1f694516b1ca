/**
 * The connection's targets (a figure's target for one month or quarter) and tier thresholds (an exchange tier's
 * threshold, every month or quarter): GET lists them, POST adds one (201; a second for the same figure and period, or
 * a tier's name twice: 409 TARGET_EXISTS). Analysts, the floor of the reports they are read beside.
 */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { workContext } from "@/lib/invitee-work/route-context";
import { targetInputSchema } from "@/lib/targets/inputs";
import { createTarget, listTargets } from "@/lib/targets/store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request }) => {
  const { db, connectionId } = await workContext(request);
  return { targets: await listTargets(db, connectionId) };
});

export const POST = apiRoute({ role: "analyst", body: targetInputSchema }, async ({ request, user, body }) => {
  const { db, connectionId } = await workContext(request);
  return Response.json(await createTarget(db, connectionId, body, user, now()), { status: 201 });
});
