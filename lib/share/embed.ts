/**
 * The frame-ancestors of a shared page, per request: the origins its link
 * lists when the link opens right now, else 'none' — so an unknown, revoked,
 * paused or expired token gets exactly what every other page gets. proxy.ts
 * asks this for /r/<token> pages only; their data, CSV and PDF answers and
 * every other page keep 'none'.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { shareLinks } from "../db/schema";
import { linkState } from "./access";
import { frameAncestors } from "./embed-origins";
import { hashToken, isWellFormedToken } from "./token";

/** The page of a link, /r/<token> with nothing after it (its data and files are never framed). */
const SHARED_PAGE = /^\/r\/([A-Za-z0-9_-]{43})\/?$/;

export function sharedPageToken(pathname: string): string | null {
  return SHARED_PAGE.exec(pathname)?.[1] ?? null;
}

export async function frameAncestorsForToken(token: string, now = new Date()): Promise<string> {
  if (!isWellFormedToken(token)) return "'none'";
  // Failing closed: the page itself then answers as it can, framed by no one.
  return lookUp(token, now).catch((error: unknown) => {
    console.error("[share] frame-ancestors lookup failed", error instanceof Error ? error.message : error);
    return "'none'";
  });
}

async function lookUp(token: string, now: Date): Promise<string> {
  const db = await getDb();
  const [link] = await db
    .select({ embedOrigins: shareLinks.embedOrigins, passwordHash: shareLinks.passwordHash, internal: shareLinks.internal, expiresAt: shareLinks.expiresAt, pausedAt: shareLinks.pausedAt, revokedAt: shareLinks.revokedAt })
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashToken(token)))
    .limit(1);
  // A password link's unlock cookie is not sent inside another site's frame, so it is never framed.
  if (!link || link.internal || link.passwordHash || linkState(link, now) !== "active") return "'none'";
  return frameAncestors(link.embedOrigins);
}
