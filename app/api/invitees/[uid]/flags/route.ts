/** An invitee's quality flags: each raised flag with its rule in words and its evidence, and every rule checked. */
import { apiRoute } from "@/lib/api/route";
import { flagsOf } from "@/lib/invitee-flags/detect";
import { flagSettingsOf } from "@/lib/invitee-flags/settings-store";
import { rulesInWords, type InviteeFlagsAnswer } from "@/lib/invitee-flags/types";
import { inviteeContext } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

// Analyst, the floor of the invitee reports: a flag says what an invitee's figures are, which a viewer may not read.
export const GET = apiRoute({ role: "analyst" }, async ({ request, params }): Promise<InviteeFlagsAnswer> => {
  const { db, connectionId, uid } = await inviteeContext(request, params);
  const settings = await flagSettingsOf(db, connectionId);
  const flags = await flagsOf(db, connectionId, settings, [uid]);
  return { uid, flags: flags.get(uid) ?? [], rules: rulesInWords(settings) };
});
