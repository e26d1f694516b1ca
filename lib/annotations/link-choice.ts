/**
 * Changing which notes a share link shows after it is made (PATCH /api/share/<id> `annotationIds`, in the edit's
 * transaction). The ids are the choice among the notes on the link's view now — the days its page shows now, as the
 * edit dialog lists them — checked as at creation (one not on its charts is a 400). A chosen note that is not on the
 * view now (a rolling link's days moved past it, or its day was edited away) is neither listed nor ticked in the
 * dialog, so it is kept rather than dropped unseen. Answers the change log's words: which notes were added, which removed.
 */
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { shareLinkAnnotations } from "../db/schema";
import type { DbOrTx } from "../invitee-work/log";
import type { ChangeEntry } from "../share/edit-plan";
import { daysAt, shareScopeSchema } from "../share/scope";
import { noteWords } from "./link-log";
import { checkLinkAnnotations, keepLinkAnnotations, linkAnnotations } from "./share";
import { chartScopeOf } from "./types";

interface LinkOfView {
  id: string;
  connectionId: string;
  report: string;
  scope: unknown;
}

export async function changeLinkAnnotations(db: DbOrTx, link: LinkOfView, ids: readonly string[], now: Date): Promise<ChangeEntry[]> {
  const scope = shareScopeSchema.safeParse(link.scope);
  if (!scope.success) throw new ApiError(409, "UNREADABLE_SCOPE", "the link's view cannot be read, so its notes cannot be chosen: make a new link");
  const view = { ...scope.data, ...daysAt(scope.data, now) };
  const wanted = await checkLinkAnnotations(db, link.connectionId, ids, chartScopeOf(link.report, view));
  const shownNow = await linkAnnotations(db, link, link.report, view);
  const chosen = await db.select({ id: shareLinkAnnotations.annotationId }).from(shareLinkAnnotations).where(eq(shareLinkAnnotations.linkId, link.id));
  const chosenIds = new Set(chosen.map((c) => c.id));
  const wantedIds = new Set(wanted.map((n) => n.id));
  const added = wanted.filter((n) => !chosenIds.has(n.id));
  const removed = shownNow.filter((n) => !wantedIds.has(n.id));
  if (removed.length > 0) {
    await db.delete(shareLinkAnnotations).where(and(eq(shareLinkAnnotations.linkId, link.id), inArray(shareLinkAnnotations.annotationId, removed.map((n) => n.id))));
  }
  await keepLinkAnnotations(db, link.id, added.map((n) => n.id));
  return [
    ...added.map((n): ChangeEntry => ({ field: "annotations", from: noteWords(n), to: "added to the link" })),
    ...removed.map((n): ChangeEntry => ({ field: "annotations", from: noteWords(n), to: "removed from the link" })),
  ];
}
