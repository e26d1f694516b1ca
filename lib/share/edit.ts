/**
 * Editing a share link (PATCH /api/share/<id>): the request's schema, and the edit — the link's fields and the
 * notes it shows — applied with its change-log row in one transaction. The rules are lib/share/edit-plan.ts's.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../api/errors";
import { hashPassword, MAX_PASSWORD_BYTES } from "../auth/password";
import type { Db } from "../db/client";
import { shareLinks, type ShareLinkRow } from "../db/schema";
import { changeLinkAnnotations } from "../annotations/link-choice";
import { linkAnnotationIdsSchema } from "../annotations/share";
import { EXPIRY_CHOICES } from "./access";
import { embedOriginTextsSchema } from "./embed-origins";
import { recordShareLinkChange, type Editor } from "./change-log";
import { planShareLinkEdit, type ChangeEntry } from "./edit-plan";

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
    /** The notes it shows, chosen among those on its view now (lib/annotations/link-choice.ts). */
    annotationIds: linkAnnotationIdsSchema.optional(),
  })
  .strict()
  .refine((edit) => Object.keys(edit).length > 0, "nothing to change");
export type EditShareLinkRequest = z.output<typeof editShareLinkSchema>;

/** Applies an edit (or refuses it with an ApiError); the link as it now is, and what changed. */
export async function applyShareLinkEdit(db: Db, id: string, edit: EditShareLinkRequest, editor: Editor, now = new Date()): Promise<{ link: ShareLinkRow; changes: ChangeEntry[] }> {
  // Hashed before the transaction: a slow hash must not hold the row's lock.
  const passwordHash = typeof edit.password === "string" ? await hashPassword(edit.password) : edit.password;
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(shareLinks).where(eq(shareLinks.id, id)).for("update");
    if (!link || link.internal) throw new ApiError(404, "NOT_FOUND", "no such share link");
    const plan = planShareLinkEdit(link, edit, now);
    if (!plan.ok) throw new ApiError(plan.status, plan.code, plan.msg);
    // In this transaction: a bad id is a 400 and nothing of the edit is written.
    const noteChanges = edit.annotationIds ? await changeLinkAnnotations(tx, link, edit.annotationIds, now) : [];
    const changes = [...plan.changes, ...noteChanges];
    if (changes.length === 0) return { link, changes };
    const set = { ...plan.update, ...(passwordHash !== undefined ? { passwordHash } : {}) };
    const [updated] = await tx
      .update(shareLinks)
      .set({ ...set, updatedAt: now })
      .where(eq(shareLinks.id, id))
      .returning();
    if (!updated) throw new Error("share link update returned nothing");
    await recordShareLinkChange(tx, id, editor, changes, now);
    return { link: updated, changes };
  });
}
