/** What every saved-view route starts from: the request's connection and the database, and the path's view id. */
import "server-only";
import { ApiError, type RouteParams } from "../api/route";
import { getDb } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import { savedViewIdSchema } from "./inputs";
import type { ViewScope } from "./store";

export async function viewScope(request: Request): Promise<ViewScope> {
  const connection = await connectionForRequest(request);
  return { db: await getDb(), connectionId: connection.id };
}

/** A malformed id names no view: the same 404 as an unknown one. */
export function viewIdOf(params: RouteParams): string {
  const parsed = savedViewIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such saved view");
  return parsed.data;
}
