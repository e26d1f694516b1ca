/** One share link: pause or resume it (PATCH), revoke it for good (DELETE) — its creator or an admin. */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { canManageLink } from "@/lib/share/access";
import { findShareLink, revokeShareLink, setShareLinkPaused } from "@/lib/share/store";

export const dynamic = "force-dynamic";

async function manageable(id: unknown, user: Parameters<typeof canManageLink>[0]) {
  const link = typeof id === "string" ? await findShareLink(await getDb(), id) : undefined;
  if (!link || link.internal) throw new ApiError(404, "NOT_FOUND", "no such share link");
  if (!canManageLink(user, link)) throw new ApiError(403, "FORBIDDEN", "only the link's creator or an admin can change it");
  if (link.revokedAt) throw new ApiError(409, "REVOKED", "the link is revoked");
  return link;
}

export const PATCH = apiRoute({ role: "analyst", body: z.object({ paused: z.boolean() }) }, async ({ params, user, body }) => {
  const link = await manageable(params.id, user);
  await setShareLinkPaused(await getDb(), link.id, body.paused);
  return { id: link.id, paused: body.paused };
});

export const DELETE = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  const link = await manageable(params.id, user);
  await revokeShareLink(await getDb(), link.id);
  return undefined;
});
