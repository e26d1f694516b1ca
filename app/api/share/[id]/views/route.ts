/** One share link's view log, a page at a time (newest first) — for its creator or an admin, revoked links too. */
import { z } from "zod";
import { ApiError, apiRoute } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { canManageLink } from "@/lib/share/access";
import { findShareLink } from "@/lib/share/store";
import { shareViewPage } from "@/lib/share/view-log";

export const dynamic = "force-dynamic";

const query = z.object({ page: z.coerce.number().int("page: a whole number").min(1, "page: from 1").max(100_000, "page: at most 100000").default(1) });

export const GET = apiRoute({ role: "analyst", query }, async ({ params, user, query: { page } }) => {
  const db = await getDb();
  const link = typeof params.id === "string" ? await findShareLink(db, params.id) : undefined;
  if (!link || link.internal) throw new ApiError(404, "NOT_FOUND", "no such share link");
  if (!canManageLink(user, link)) throw new ApiError(403, "FORBIDDEN", "only the link's creator or an admin can read its view log");
  return Response.json(await shareViewPage(db, link.id, page), { headers: { "Cache-Control": "no-store" } });
});
