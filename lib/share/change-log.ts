/**
 * A share link's change log (share_link_changes): who changed what, when, in words — its edits and revoking
 * (lib/share/edit.ts, the link's route) and changes to the notes it shows (lib/annotations) — and the log as the
 * Reports page reads it, newest first. Its own module so that both sides write it without importing each other.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { shareLinkChanges } from "../db/schema";
import { CHANGE_FIELDS, type ChangeEntry } from "./edit-plan";

export interface Editor {
  id: string;
  email: string;
}

export async function recordShareLinkChange(db: Pick<Db, "insert">, linkId: string, editor: Editor, changes: ChangeEntry[], at = new Date()): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(shareLinkChanges).values({ id: randomUUID(), linkId, changedBy: editor.id, changedByEmail: editor.email, changedAt: at, changes });
}

const changeListSchema = z.array(z.object({ field: z.enum(CHANGE_FIELDS), from: z.string(), to: z.string() }));

/** A link's change log, newest first. */
export async function listShareLinkChanges(db: Db, linkId: string) {
  const rows = await db.select().from(shareLinkChanges).where(eq(shareLinkChanges.linkId, linkId)).orderBy(desc(shareLinkChanges.changedAt)).limit(500);
  return rows.map((row) => {
    const changes = changeListSchema.safeParse(row.changes);
    return { at: row.changedAt.getTime(), byEmail: row.changedByEmail, changes: changes.success ? changes.data : [] };
  });
}
export type ShareLinkChangeItem = Awaited<ReturnType<typeof listShareLinkChanges>>[number];
