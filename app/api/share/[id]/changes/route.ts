/** A share link's change log (who changed what, when), newest first — for its creator or an admin, revoked links too. */
import { ApiError, apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { canManageLink } from "@/lib/share/access";
import { listShareLinkChanges } from "@/lib/share/change-log";
import { findShareLink } from "@/lib/share/store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "analyst" }, async ({ params, user }) => {
  const db = await getDb();
  const link = typeof params.id === "string" ? await findShareLink(db, params.id) : undefined;
  if (!link || link.internal) throw new ApiError(404, "NOT_FOUND", "no such share link");
  if (!canManageLink(user, link)) throw new ApiError(403, "FORBIDDEN", "only the link's creator or an admin can read its changes");
  return { changes: await listShareLinkChanges(db, link.id) };
});
