/**
 * A note that share links show was edited or deleted: each such link's change log says so (as the link's own edits
 * are logged, lib/share/edit.ts), since what the link shows changed without anyone editing the link.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { shareLinkAnnotations } from "../db/schema";
import { recordShareLinkChange, type Editor } from "../share/edit";

export async function logOnLinks(db: Db, annotationId: string, editor: Editor, change: { from: string; to: string }, at: Date): Promise<void> {
  const links = await db.select({ linkId: shareLinkAnnotations.linkId }).from(shareLinkAnnotations).where(eq(shareLinkAnnotations.annotationId, annotationId));
  for (const { linkId } of links) await recordShareLinkChange(db, linkId, editor, [{ field: "annotations", ...change }], at);
}
