/**
 * Notes on an invitee: anyone analyst-floor reads and writes them; a note is
 * edited or deleted by its author or an admin. Each change and its log row
 * commit together.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { inviteeNotes, type InviteeNoteRow } from "../db/schema";
import { logWork, timeOrderedId, type Actor, type DbOrTx } from "./log";
import type { Note } from "./types";

export const canEditNote = (actor: Pick<Actor, "id" | "role">, note: Pick<InviteeNoteRow, "authorUserId">) => actor.role === "admin" || note.authorUserId === actor.id;

export function noteView(row: InviteeNoteRow, actor: Pick<Actor, "id" | "role">): Note {
  return {
    id: row.id,
    body: row.body,
    authorEmail: row.authorEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
    editable: canEditNote(actor, row),
  };
}

/** The invitee's notes, newest first. */
export async function listNotes(db: DbOrTx, connectionId: string, uid: string, actor: Actor): Promise<Note[]> {
  const rows = await db
    .select()
    .from(inviteeNotes)
    .where(and(eq(inviteeNotes.connectionId, connectionId), eq(inviteeNotes.uid, uid)))
    .orderBy(desc(inviteeNotes.createdAt), desc(inviteeNotes.id));
  return rows.map((r) => noteView(r, actor));
}

/** `body`: already trimmed and bounded (inputs.ts). */
export async function createNote(db: Db, connectionId: string, uid: string, body: string, actor: Actor, at: Date): Promise<Note> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inviteeNotes)
      .values({ id: timeOrderedId("inote_", at), connectionId, uid, body, authorUserId: actor.id, authorEmail: actor.email, createdAt: at, updatedAt: at })
      .returning();
    await logWork(tx, { connectionId, uid }, actor, "note.create", { noteId: row!.id, body }, at);
    return noteView(row!, actor);
  });
}

/** The note if it belongs to this invitee of this connection (404 otherwise) and the actor may change it (403). */
async function editableNote(tx: DbOrTx, connectionId: string, uid: string, id: string, actor: Actor): Promise<InviteeNoteRow> {
  const [row] = await tx
    .select()
    .from(inviteeNotes)
    .where(and(eq(inviteeNotes.id, id), eq(inviteeNotes.connectionId, connectionId), eq(inviteeNotes.uid, uid)))
    .for("update");
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such note on this invitee");
  if (!canEditNote(actor, row)) throw new ApiError(403, "FORBIDDEN", "only the note's author or an admin can change it");
  return row;
}

export async function updateNote(db: Db, connectionId: string, uid: string, id: string, body: string, actor: Actor, at: Date): Promise<Note> {
  return db.transaction(async (tx) => {
    const before = await editableNote(tx, connectionId, uid, id, actor);
    const [row] = await tx.update(inviteeNotes).set({ body, updatedAt: at, updatedByEmail: actor.email }).where(eq(inviteeNotes.id, id)).returning();
    await logWork(tx, { connectionId, uid }, actor, "note.update", { noteId: id, before: before.body, after: body }, at);
    return noteView(row!, actor);
  });
}

export async function deleteNote(db: Db, connectionId: string, uid: string, id: string, actor: Actor, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await editableNote(tx, connectionId, uid, id, actor);
    await tx.delete(inviteeNotes).where(eq(inviteeNotes.id, id));
    // The text is kept in the log: a deleted note can still be read back by whoever audits.
    await logWork(tx, { connectionId, uid }, actor, "note.delete", { noteId: id, body: before.body, authorEmail: before.authorEmail }, at);
  });
}
