/**
 * One alert rule: change its settings (PUT, its creator), pause, resume or mute
 * it (PATCH, its creator or an admin), delete it (DELETE, its creator or an admin).
 */
import { z } from "zod";
import { ApiError, apiRoute, type RouteParams } from "@/lib/api/route";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { canEditRule, deleteRule, ruleViewOf, setRuleState, updateRule, visibleRule } from "@/lib/alerts/rules-store";
import { findUserById } from "@/lib/auth/users";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { checkUsableEndpoints } from "@/lib/notify/endpoint-refs";

export const dynamic = "force-dynamic";

function ruleId(params: RouteParams): string {
  const id = params.id;
  if (typeof id !== "string" || !/^alr_[A-Za-z0-9_-]{1,40}$/.test(id)) throw new ApiError(404, "NOT_FOUND", "no such alert rule");
  return id;
}

const stateBody = z
  .object({
    paused: z.boolean().optional(),
    /** Mute for this many minutes from now; 0 lifts a mute. */
    muteMinutes: z.number().int("whole minutes").min(0, "at least 0 minutes").max(43_200, "at most 30 days").optional(),
  })
  .strict()
  .refine((b) => b.paused !== undefined || b.muteMinutes !== undefined, "say what to change: paused or muteMinutes");

export const PUT = apiRoute({ role: "analyst", body: ruleInputSchema }, async ({ params, user, body }) => {
  const db = await getDb();
  const id = ruleId(params);
  // Who may see and edit it first (404, 403 from updateRule), so endpoint ids are judged only for the creator.
  if (canEditRule(user, await visibleRule(db, id, user))) await checkUsableEndpoints(db, user, body.channels.webhooks, "channels.webhooks");
  const rule = await updateRule(db, id, body, user, now());
  return ruleViewOf(db, rule, user.email, user);
});

export const PATCH = apiRoute({ role: "analyst", body: stateBody }, async ({ params, user, body }) => {
  const db = await getDb();
  const at = now();
  const mutedUntil = body.muteMinutes === undefined ? undefined : body.muteMinutes === 0 ? null : new Date(at.getTime() + body.muteMinutes * 60_000);
  const rule = await setRuleState(db, ruleId(params), { ...(body.paused !== undefined ? { paused: body.paused } : {}), ...(mutedUntil !== undefined ? { mutedUntil } : {}) }, user, at);
  const owner = await findUserById(db, rule.ownerUserId);
  return ruleViewOf(db, rule, owner?.email ?? "(removed user)", user);
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  await deleteRule(await getDb(), ruleId(params), user);
  return undefined;
});
