/**
 * One invite code's campaign costs: GET lists them with the code's return by sign-up cohort and its payback by day, POST adds one
 * (201). Analysts and above, as the Invite codes report they are read beside; never on a share link (team's spend).
 */
import { apiRoute } from "@/lib/api/route";
import { now } from "@/lib/clock";
import { costInputSchema } from "@/lib/campaign-costs/inputs";
import { codeContext } from "@/lib/campaign-costs/route-context";
import { codeCostsDetail } from "@/lib/campaign-costs/code-detail";
import { createCost } from "@/lib/campaign-costs/store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request, params }) => {
  const { db, connectionId, inviteCode } = await codeContext(request, params);
  return codeCostsDetail(db, connectionId, inviteCode);
});

export const POST = apiRoute({ role: "analyst", body: costInputSchema }, async ({ request, params, user, body }) => {
  const { db, connectionId, inviteCode } = await codeContext(request, params);
  return Response.json(await createCost(db, connectionId, inviteCode, body, user, now()), { status: 201 });
});
