/**
 * Share links in the database: create (with the snapshot, when frozen), list
 * for the Reports page, pause/resume, revoke, and resolve a token to the link
 * it opens. A token resolves only when well formed, known, not revoked, not
 * paused and not expired — every other case is the same `null`, so callers
 * answer them all with the same not-found.
 */
import "server-only";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/client";
import { savedViews, shareLinks, type ShareLinkRow, type ShareMode } from "../db/schema";
import type { ReportName } from "../reports/names";
import { expiryFrom, linkState, type ExpiryChoice } from "./access";
import { shareScopeSchema, type ShareScope } from "./scope";
import { buildSnapshot, type Snapshot } from "./snapshot";
import { maskCsvRow } from "./redact";
import { hashToken, isWellFormedToken, maskUidFor, newLinkId, tokenForLink } from "./token";

export interface NewShareLink {
  connectionId: string;
  report: ReportName;
  scope: ShareScope;
  mode: ShareMode;
  expiry: ExpiryChoice;
  password?: string | undefined;
  redactUids: boolean;
  percentages: boolean;
  label: string;
  /** Origins that may frame the link's page (lib/share/embed-origins.ts), already checked. */
  embedOrigins?: string[];
  internal?: boolean;
  /** The saved view it was made from, already checked. */
  savedViewId?: string | null;
  /** Overrides `expiry` (internal links live minutes, not days). */
  expiresAt?: Date;
  user: { id: string; email: string };
}

export async function createShareLink(db: Db, input: NewShareLink, now = new Date()): Promise<{ link: ShareLinkRow; token: string }> {
  const id = newLinkId();
  const token = tokenForLink(id);
  const transformRow = input.redactUids ? maskCsvRow(maskUidFor(id)) : undefined;
  const snapshot: Snapshot | null = input.mode === "snapshot" ? await buildSnapshot(db, input.connectionId, input.report, input.scope, now, { transformRow, csv: !input.percentages, previous: input.percentages }) : null;
  const [link] = await db
    .insert(shareLinks)
    .values({
      id,
      tokenHash: hashToken(token),
      connectionId: input.connectionId,
      report: input.report,
      scope: input.scope,
      mode: input.mode,
      snapshot,
      label: input.label,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      redactUids: input.redactUids,
      percentages: input.percentages,
      embedOrigins: input.embedOrigins ?? [],
      internal: input.internal ?? false,
      savedViewId: input.savedViewId ?? null,
      expiresAt: input.expiresAt ?? expiryFrom(input.expiry, now),
      createdBy: input.user.id,
      createdByEmail: input.user.email,
    })
    .returning();
  if (!link) throw new Error("share link insert returned nothing");
  return { link, token };
}

/**
 * What the Reports page lists (no snapshot payloads), newest first; internal PDF
 * links are not listed. `createdBy` narrows it to one user's own links.
 */
export async function listShareLinks(db: Db, filter: { createdBy?: string } = {}) {
  return db
    .select({
      id: shareLinks.id,
      report: shareLinks.report,
      connectionId: shareLinks.connectionId,
      scope: shareLinks.scope,
      mode: shareLinks.mode,
      label: shareLinks.label,
      hasPassword: sql<boolean>`${shareLinks.passwordHash} is not null`,
      redactUids: shareLinks.redactUids,
      percentages: shareLinks.percentages,
      embedOrigins: shareLinks.embedOrigins,
      expiresAt: shareLinks.expiresAt,
      pausedAt: shareLinks.pausedAt,
      revokedAt: shareLinks.revokedAt,
      createdBy: shareLinks.createdBy,
      createdByEmail: shareLinks.createdByEmail,
      createdAt: shareLinks.createdAt,
      viewCount: shareLinks.viewCount,
      lastViewedAt: shareLinks.lastViewedAt,
      savedViewId: shareLinks.savedViewId,
      // The view it was made from, by name while it exists (a link outlives a deleted view).
      savedViewName: savedViews.name,
    })
    .from(shareLinks)
    .leftJoin(savedViews, eq(savedViews.id, shareLinks.savedViewId))
    .where(and(eq(shareLinks.internal, false), filter.createdBy === undefined ? undefined : eq(shareLinks.createdBy, filter.createdBy)))
    .orderBy(desc(shareLinks.createdAt))
    .limit(500);
}
export type ShareLinkSummary = Awaited<ReturnType<typeof listShareLinks>>[number];

export async function findShareLink(db: Db, id: string): Promise<ShareLinkRow | undefined> {
  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  return link;
}

export async function setShareLinkPaused(db: Db, id: string, paused: boolean): Promise<void> {
  await db
    .update(shareLinks)
    .set({ pausedAt: paused ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
}

/** Revoking is final: the row stays (for the list and the audit of views), the token never opens again. */
export async function revokeShareLink(db: Db, id: string): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: new Date(), snapshot: null, updatedAt: new Date() })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
}

/** Internal links (one PDF render each) leave no trace once used; expired leftovers of a crash go too. */
export async function deleteInternalShareLinks(db: Db, id: string): Promise<void> {
  await db.delete(shareLinks).where(and(eq(shareLinks.internal, true), or(eq(shareLinks.id, id), lt(shareLinks.expiresAt, new Date()))));
}

export interface OpenShareLink {
  link: ShareLinkRow;
  scope: ShareScope;
  report: ReportName;
}

/** The link a token opens right now, or null for every kind of refusal alike. */
export async function resolveShareToken(db: Db, token: string, now = new Date()): Promise<OpenShareLink | null> {
  if (!isWellFormedToken(token)) return null;
  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, hashToken(token))).limit(1);
  if (!link || linkState(link, now) !== "active") return null;
  const scope = shareScopeSchema.safeParse(link.scope);
  if (!scope.success) return null;
  return { link, scope: scope.data, report: link.report as ReportName };
}

export async function recordShareView(db: Db, id: string): Promise<void> {
  await db
    .update(shareLinks)
    .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastViewedAt: new Date() })
    .where(eq(shareLinks.id, id));
}
