/**
 * Editing a share link (PATCH /api/share/<id>): the request's schema, the edit
 * applied with its change-log row in one transaction, and the log as the
 * Reports page reads it. The rules are lib/share/edit-plan.ts's.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../api/errors";
import { hashPassword, MAX_PASSWORD_BYTES } from "../auth/password";
import type { Db } from "../db/client";
import { shareLinkChanges, shareLinks, type ShareLinkRow } from "../db/schema";
import { EXPIRY_CHOICES } from "./access";
import { embedOriginTextsSchema } from "./embed-origins";
import { CHANGE_FIELDS, planShareLinkEdit, type ChangeEntry } from "./edit-plan";

export const editShareLinkSchema = z
  .object({
    label: z.string().trim().min(1, "give the link a label").max(120).optional(),
    expiry: z.enum(EXPIRY_CHOICES).optional(),
    expiresOn: z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, "expiresOn is a day, YYYY-MM-DD").optional(),
    password: z
      .string()
      .min(8, "a link password needs at least 8 characters")
      .refine((p) => Buffer.byteLength(p, "utf8") <= MAX_PASSWORD_BYTES, `at most ${MAX_PASSWORD_BYTES} bytes`)
      .nullable()
      .optional(),
    paused: z.boolean().optional(),
    redactUids: z.boolean().optional(),
    percentages: z.boolean().optional(),
    /** The whole new list ([] stops embedding); each origin is checked by the plan, which names a bad one. */
    embedOrigins: embedOriginTextsSchema.optional(),
  })
  .strict()
  .refine((edit) => Object.keys(edit).length > 0, "nothing to change");
export type EditShareLinkRequest = z.output<typeof editShareLinkSchema>;

export interface Editor {
  id: string;
  email: string;
}

export async function recordShareLinkChange(db: Db, linkId: string, editor: Editor, changes: ChangeEntry[], at = new Date()): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(shareLinkChanges).values({ id: randomUUID(), linkId, changedBy: editor.id, changedByEmail: editor.email, changedAt: at, changes });
}

/** Applies an edit (or refuses it with an ApiError); the link as it now is, and what changed. */
export async function applyShareLinkEdit(db: Db, id: string, edit: EditShareLinkRequest, editor: Editor, now = new Date()): Promise<{ link: ShareLinkRow; changes: ChangeEntry[] }> {
  // Hashed before the transaction: a slow hash must not hold the row's lock.
  const passwordHash = typeof edit.password === "string" ? await hashPassword(edit.password) : edit.password;
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(shareLinks).where(eq(shareLinks.id, id)).for("update");
    if (!link || link.internal) throw new ApiError(404, "NOT_FOUND", "no such share link");
    const plan = planShareLinkEdit(link, edit, now);
    if (!plan.ok) throw new ApiError(plan.status, plan.code, plan.msg);
    if (plan.changes.length === 0) return { link, changes: [] };
    const set = { ...plan.update, ...(passwordHash !== undefined ? { passwordHash } : {}) };
    const [updated] = await tx
      .update(shareLinks)
      .set({ ...set, updatedAt: now })
      .where(eq(shareLinks.id, id))
      .returning();
    if (!updated) throw new Error("share link update returned nothing");
    await recordShareLinkChange(tx, id, editor, plan.changes, now);
    return { link: updated, changes: plan.changes };
  });
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
