/** The digest a request names, if the user may see it: anything else is the same 404 (no telling whose ids exist). */
import "server-only";
import { ApiError } from "../api/errors";
import type { Role } from "../auth/roles";
import type { Db } from "../db/client";
import type { DigestRow } from "../db/schema";
import { canSeeDigest } from "./access";
import { findDigest } from "./store";

export async function visibleDigest(db: Db, id: unknown, user: { id: string; role: Role }): Promise<DigestRow> {
  const row = typeof id === "string" && id.length <= 64 ? await findDigest(db, id) : undefined;
  if (!row || !canSeeDigest(user, row)) throw new ApiError(404, "NOT_FOUND", "no such digest");
  return row;
}
