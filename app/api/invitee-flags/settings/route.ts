/** The connection's invitee-flag thresholds: read and replaced by an analyst (the role that reads the invitee reports they judge). */
import { apiRoute } from "@/lib/api/route";
import { flagSettingsSchema } from "@/lib/invitee-flags/settings";
import { flagSettingsAnswer, putFlagSettings, type FlagSettingsAnswer } from "@/lib/invitee-flags/settings-store";
import { workContext } from "@/lib/invitee-work/route-context";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ request }): Promise<FlagSettingsAnswer> => {
  const { db, connectionId } = await workContext(request);
  return flagSettingsAnswer(db, connectionId);
});

export const PUT = apiRoute({ role: "analyst", body: flagSettingsSchema }, async ({ request, user, body }): Promise<FlagSettingsAnswer> => {
  const { db, connectionId } = await workContext(request);
  return putFlagSettings(db, connectionId, body, user);
});
