/**
 * One share link — its creator or an admin: edit it (PATCH: label, expiry,
 * password, pause/resume, tighter masking, embedding origins; lib/share/edit-plan.ts) or revoke it
 * for good (DELETE). Every change is written to the link's change log.
 */
import { ApiError, apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { canManageLink, linkState } from "@/lib/share/access";
import { recordShareLinkChange } from "@/lib/share/change-log";
import { applyShareLinkEdit, editShareLinkSchema } from "@/lib/share/edit";
import { storedLinkSentence } from "@/lib/share/link-summary";
import { findShareLink, revokeShareLink } from "@/lib/share/store";

export const dynamic = "force-dynamic";

async function manageable(id: unknown, user: Parameters<typeof canManageLink>[0]) {
  const link = typeof id === "string" ? await findShareLink(await getDb(), id) : undefined;
  if (!link || link.internal) throw new ApiError(404, "NOT_FOUND", "no such share link");
  if (!canManageLink(user, link)) throw new ApiError(403, "FORBIDDEN", "only the link's creator or an admin can change it");
  if (link.revokedAt) throw new ApiError(409, "REVOKED", "the link is revoked");
  return link;
}

export const PATCH = apiRoute({ role: "analyst", body: editShareLinkSchema }, async ({ params, user, body }) => {
  const link = await manageable(params.id, user);
  const now = new Date();
  const edited = await applyShareLinkEdit(await getDb(), link.id, body, user, now);
  const row = { ...edited.link, hasPassword: edited.link.passwordHash !== null };
  return {
    id: row.id,
    label: row.label,
    state: linkState(row, now),
    paused: row.pausedAt !== null,
    expiresAt: row.expiresAt?.getTime() ?? null,
    hasPassword: row.hasPassword,
    redactUids: row.redactUids,
    percentages: row.percentages,
    embedOrigins: row.embedOrigins,
    summary: storedLinkSentence(row, now),
    changes: edited.changes,
  };
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  const link = await manageable(params.id, user);
  const db = await getDb();
  await revokeShareLink(db, link.id);
  await recordShareLinkChange(db, link.id, user, [{ field: "state", from: linkState(link, new Date()), to: "revoked" }]);
  return undefined;
});
