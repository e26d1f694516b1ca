/**
 * What every invitee-work route starts from: the request's connection, the
 * database, and the path's uid or id checked — a malformed uid is a 400 (the
 * reports' uid grammar), a uid the warehouse does not know a 404, a malformed
 * note or tag id a 404 (no such thing, as for any unknown id).
 */
import "server-only";
import { ApiError, type RouteParams } from "../api/route";
import { getDb, type Db } from "../db/client";
import { connectionForRequest } from "../exchange/selection";
import { uidSchema, noteIdSchema, tagIdSchema } from "./inputs";
import { assertInvitee } from "./invitee";

export interface WorkContext {
  db: Db;
  connectionId: string;
}

export interface InviteeContext extends WorkContext {
  uid: string;
}

export async function workContext(request: Request): Promise<WorkContext> {
  const connection = await connectionForRequest(request);
  return { db: await getDb(), connectionId: connection.id };
}

/** The path's invitee, known to the connection's warehouse. */
export async function inviteeContext(request: Request, params: RouteParams): Promise<InviteeContext> {
  const parsed = uidSchema.safeParse(params.uid);
  if (!parsed.success) throw new ApiError(400, "BAD_REQUEST", "uid: not an invitee uid (up to 20 digits)", { issues: [{ path: "uid", message: "up to 20 digits" }] });
  const context = await workContext(request);
  await assertInvitee(context.db, context.connectionId, parsed.data);
  return { ...context, uid: parsed.data };
}

export function noteIdOf(params: RouteParams): string {
  const parsed = noteIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such note on this invitee");
  return parsed.data;
}

export function tagIdOf(params: RouteParams): string {
  const parsed = tagIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such tag");
  return parsed.data;
}
