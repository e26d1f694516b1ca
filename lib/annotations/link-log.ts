/**
 * A note that share links show was edited or deleted: each such link's change log says so (as the link's own edits
 * are logged, lib/share/edit.ts), since what the link shows changed without anyone editing the link.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { shareLinkAnnotations } from "../db/schema";
import { recordShareLinkChange, type Editor } from "../share/change-log";
import type { AnnotationFields } from "./types";

/** A note as a link's change log names it: "2026-11-02 Campaign launched". */
export const noteWords = (note: Pick<AnnotationFields, "day" | "text">): string => `${note.day} ${note.text}`;

export async function logOnLinks(db: Db, annotationId: string, editor: Editor, change: { from: string; to: string }, at: Date): Promise<void> {
  const links = await db.select({ linkId: shareLinkAnnotations.linkId }).from(shareLinkAnnotations).where(eq(shareLinkAnnotations.annotationId, annotationId));
  for (const { linkId } of links) await recordShareLinkChange(db, linkId, editor, [{ field: "annotations", ...change }], at);
}
