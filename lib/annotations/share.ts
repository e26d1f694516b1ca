/**
 * Annotations on share links: the link keeps the ids its creator ticked (none by default) and its page shows exactly
 * those that still exist and still fall in its days and scope — never another, whatever the page asks for.
 */
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { z } from "zod";
import type { Db } from "../db/client";
import { annotations, shareLinkAnnotations } from "../db/schema";
import type { DbOrTx } from "../invitee-work/log";
import { annotationIdSchema } from "./inputs";
import { ANNOTATIONS_LIST_MAX, annotationView } from "./store";
import { chartScopeOf, showsOn, type Annotation, type ChartScope } from "./types";

/** `annotationIds` of a link's create and edit requests: the notes it is to show. */
export const linkAnnotationIdsSchema = z.array(annotationIdSchema).max(ANNOTATIONS_LIST_MAX);

/**
 * The chosen notes (each once), checked before the link is made or its choice changed: one that is not the
 * connection's or not on the view's charts is a 400.
 */
export async function checkLinkAnnotations(db: DbOrTx, connectionId: string, ids: readonly string[], chart: ChartScope): Promise<Annotation[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(annotations).where(and(eq(annotations.connectionId, connectionId), inArray(annotations.id, unique)));
  const shown = rows.map(annotationView).filter((a) => showsOn(a, chart));
  const outside = unique.length - shown.length;
  if (outside > 0) throw new ApiError(400, "BAD_REQUEST", `annotationIds: ${outside} of the chosen annotations are not on this view's charts`);
  return shown;
}

/** Each link's chosen note ids (whether or not its page shows them now), for the Reports page's edit form. */
export async function chosenAnnotationIds(db: DbOrTx, linkIds: readonly string[]): Promise<Map<string, string[]>> {
  const chosen = new Map<string, string[]>();
  if (linkIds.length === 0) return chosen;
  const rows = await db.select().from(shareLinkAnnotations).where(inArray(shareLinkAnnotations.linkId, [...linkIds]));
  for (const { linkId, annotationId } of rows) chosen.set(linkId, [...(chosen.get(linkId) ?? []), annotationId]);
  return chosen;
}

export async function keepLinkAnnotations(db: DbOrTx, linkId: string, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.insert(shareLinkAnnotations).values(ids.map((annotationId) => ({ linkId, annotationId })));
}

/** What a cached PDF's notes were (each note's id and last change): a changed note makes it a new PDF. */
export const annotationsVersion = (notes: readonly Annotation[]): string => notes.map((n) => `${n.id}@${n.updatedAt}`).join(",");

/** What a link's page shows: its chosen annotations, within the days it shows now and its scope; never the team's e-mails. */
export async function linkAnnotations(db: DbOrTx, link: { id: string; connectionId: string }, report: string, view: { from: string; to: string; uid?: string; sub?: string }): Promise<Annotation[]> {
  const rows = await db
    .select({ a: annotations })
    .from(shareLinkAnnotations)
    .innerJoin(annotations, eq(annotations.id, shareLinkAnnotations.annotationId))
    .where(and(eq(shareLinkAnnotations.linkId, link.id), eq(annotations.connectionId, link.connectionId)));
  const chart = chartScopeOf(report, view);
  return rows
    .map((r) => ({ ...annotationView(r.a), createdByEmail: "", updatedByEmail: "" }))
    .filter((a) => showsOn(a, chart))
    .sort((x, y) => (x.day === y.day ? x.id.localeCompare(y.id) : x.day < y.day ? -1 : 1));
}


/** An internal PDF link is deleted after its render: its chosen notes go with it. */
export async function forgetLinkAnnotations(db: Db, linkId: string): Promise<void> {
  await db.delete(shareLinkAnnotations).where(eq(shareLinkAnnotations.linkId, linkId));
}
