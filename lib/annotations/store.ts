/**
 * The connection's chart annotations: list (a chart's days and scope), create, edit, delete — each change logged in
 * its own transaction (annotation_log: who, what, when, the note before and after), as saved views log theirs.
 */
import "server-only";
import { and, asc, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { annotationLog, annotations, shareLinkAnnotations, type AnnotationRow } from "../db/schema";
import { timeOrderedId, type DbOrTx } from "../invitee-work/log";
import type { AnnotationInput, AnnotationPatch } from "./inputs";
import { knownInviteCode } from "./known-code";
import { logOnLinks, noteWords } from "./link-log";
import { showsOn, type Annotation, type AnnotationFields, type AnnotationLogEntry, type ChartScope } from "./types";

type Actor = { id: string; email: string };

/** Enough for any chart's range; a list longer than this is cut at the newest days' end. */
export const ANNOTATIONS_LIST_MAX = 500;

export function annotationView(row: AnnotationRow): Annotation {
  return {
    id: row.id,
    day: row.day,
    text: row.text,
    inviteCode: row.inviteCode,
    subAffiliateUid: row.subAffiliateUid,
    createdByEmail: row.createdByEmail,
    updatedAt: row.updatedAt.getTime(),
    updatedByEmail: row.updatedByEmail,
  };
}

const fieldsOf = (row: AnnotationRow): AnnotationFields => ({ day: row.day, text: row.text, inviteCode: row.inviteCode, subAffiliateUid: row.subAffiliateUid });

async function log(tx: DbOrTx, row: AnnotationRow, actor: Actor, action: AnnotationLogEntry["action"], before: AnnotationRow | null, after: AnnotationRow | null, at: Date) {
  await tx.insert(annotationLog).values({
    id: timeOrderedId("alog_", at),
    connectionId: row.connectionId,
    annotationId: row.id,
    actorEmail: actor.email,
    action,
    before: before ? fieldsOf(before) : null,
    after: after ? fieldsOf(after) : null,
    at,
  });
}

/** The annotations a chart of this scope shows (all of the connection's without days), by day. */
export async function listAnnotations(db: Db, connectionId: string, scope: Partial<ChartScope> = {}): Promise<Annotation[]> {
  const where: SQL[] = [eq(annotations.connectionId, connectionId)];
  if (scope.from) where.push(gte(annotations.day, scope.from));
  if (scope.to) where.push(lte(annotations.day, scope.to));
  const rows = await db.select().from(annotations).where(and(...where)).orderBy(asc(annotations.day), asc(annotations.id)).limit(ANNOTATIONS_LIST_MAX);
  const chart: ChartScope = { from: scope.from ?? "0000-01-01", to: scope.to ?? "9999-12-31", sub: scope.sub, code: scope.code };
  return rows.map(annotationView).filter((a) => showsOn(a, chart));
}

export async function createAnnotation(db: Db, connectionId: string, input: AnnotationInput, actor: Actor, at: Date): Promise<Annotation> {
  const inviteCode = await knownInviteCode(db, connectionId, input.code);
  const row = {
    id: timeOrderedId("ann_", at),
    connectionId,
    day: input.day,
    text: input.text,
    inviteCode: inviteCode ?? null,
    subAffiliateUid: input.subAffiliate ?? null,
    createdAt: at,
    createdByEmail: actor.email,
    updatedAt: at,
    updatedByEmail: actor.email,
  };
  const created = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(annotations).values(row).returning();
    await log(tx, inserted!, actor, "create", null, inserted!, at);
    return inserted!;
  });
  return annotationView(created);
}

async function annotationOf(db: DbOrTx, connectionId: string, id: string): Promise<AnnotationRow> {
  const [row] = await db.select().from(annotations).where(and(eq(annotations.connectionId, connectionId), eq(annotations.id, id)))
    // Locked for the rest of the transaction: a concurrent edit waits, so the log's "before" is what this edit changed.
    .for("update");
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such annotation");
  return row;
}

export async function updateAnnotation(db: Db, connectionId: string, id: string, patch: AnnotationPatch, actor: Actor, at: Date): Promise<Annotation> {
  const updated = await db.transaction(async (tx) => {
    const before = await annotationOf(tx, connectionId, id);
    const inviteCode = await knownInviteCode(tx, connectionId, patch.code);
    const [after] = await tx
      .update(annotations)
      .set({
        day: patch.day ?? before.day,
        text: patch.text ?? before.text,
        inviteCode: inviteCode === undefined ? before.inviteCode : inviteCode,
        subAffiliateUid: patch.subAffiliate === undefined ? before.subAffiliateUid : patch.subAffiliate,
        updatedAt: at,
        updatedByEmail: actor.email,
      })
      .where(and(eq(annotations.connectionId, connectionId), eq(annotations.id, id)))
      .returning();
    await log(tx, after!, actor, "update", before, after!, at);
    if (after!.text !== before.text || after!.day !== before.day) await logOnLinks(tx, id, actor, { from: noteWords(before), to: `edited: ${noteWords(after!)}` }, at);
    return after!;
  });
  return annotationView(updated);
}

/** Deletes the note and its place on share links (a link never shows a note that is gone); the log keeps its history. */
export async function deleteAnnotation(db: Db, connectionId: string, id: string, actor: Actor, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await annotationOf(tx, connectionId, id);
    await tx.delete(annotations).where(and(eq(annotations.connectionId, connectionId), eq(annotations.id, id)));
    await logOnLinks(tx, id, actor, { from: noteWords(before), to: "deleted, no longer shown" }, at);
    await tx.delete(shareLinkAnnotations).where(eq(shareLinkAnnotations.annotationId, id));
    await log(tx, before, actor, "delete", before, null, at);
  });
}

/** The annotation and its changes, newest first. */
export async function annotationHistory(db: Db, connectionId: string, id: string): Promise<AnnotationLogEntry[]> {
  const rows = await db
    .select()
    .from(annotationLog)
    .where(and(eq(annotationLog.connectionId, connectionId), eq(annotationLog.annotationId, id)))
    .orderBy(desc(annotationLog.at), desc(annotationLog.id))
    .limit(200);
  if (rows.length === 0) throw new ApiError(404, "NOT_FOUND", "no such annotation");
  return rows.map((r) => ({ id: r.id, action: r.action, actorEmail: r.actorEmail, at: r.at.getTime(), before: r.before as AnnotationFields | null, after: r.after as AnnotationFields | null }));
}
