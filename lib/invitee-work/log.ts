/**
 * The invitee work log (`invitee_work_log`): every store function writes its
 * row here inside the transaction of its change, so a change without its
 * audit row (or the reverse) cannot be committed.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { inviteeWorkLog } from "../db/schema";
import { summarizeRow, type DetailOf } from "./summary";
import { HISTORY_LIMIT, WORK_ACTIONS, type LogEntry, type WorkAction } from "./types";

/** A transaction (or the database): the stores pass their transaction down. */
export type DbOrTx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type Actor = Pick<SessionUser, "id" | "email" | "role">;

export interface WorkScope {
  connectionId: string;
  /** Null for changes to the vocabulary itself. */
  uid: string | null;
}

/**
 * An id that sorts by its instant (then at random): rows written in the same millisecond
 * still list in a stable order, newest first, with `order by at desc, id desc`.
 */
export function timeOrderedId(prefix: string, at: Date): string {
  return `${prefix}${Math.max(0, at.getTime()).toString(36).padStart(9, "0")}${randomBytes(9).toString("base64url")}`;
}

export function logRow<A extends WorkAction>(scope: WorkScope, actor: Actor, action: A, detail: DetailOf<A>, at: Date): typeof inviteeWorkLog.$inferInsert {
  return { id: timeOrderedId("ilog_", at), connectionId: scope.connectionId, uid: scope.uid, actorUserId: actor.id, actorEmail: actor.email, action, detail, at };
}

export async function logWork<A extends WorkAction>(tx: DbOrTx, scope: WorkScope, actor: Actor, action: A, detail: DetailOf<A>, at: Date): Promise<void> {
  await tx.insert(inviteeWorkLog).values(logRow(scope, actor, action, detail, at));
}

const isWorkAction = (value: string): value is WorkAction => (WORK_ACTIONS as readonly string[]).includes(value);

/** The invitee's newest log rows, each in words. */
export async function inviteeHistory(db: DbOrTx, connectionId: string, uid: string, limit = HISTORY_LIMIT): Promise<LogEntry[]> {
  const rows = await db
    .select()
    .from(inviteeWorkLog)
    .where(and(eq(inviteeWorkLog.connectionId, connectionId), eq(inviteeWorkLog.uid, uid)))
    .orderBy(desc(inviteeWorkLog.at), desc(inviteeWorkLog.id))
    .limit(limit);
  return rows.flatMap((r) =>
    isWorkAction(r.action) ? [{ id: r.id, action: r.action, actorEmail: r.actorEmail, at: r.at.toISOString(), summary: summarizeRow(r.action, r.detail) }] : [],
  );
}
