/**
 * The view log of share links: what was opened (the page, the page embedded
 * elsewhere, its data, a CSV or the PDF), when, by which browser family, from
 * which address — as a keyed hash only (HMAC under the share-link key, so the
 * table alone maps back to no address and one visitor's rows still read as
 * one). Never the token, never the address, never the User-Agent.
 *
 * Each visit costs the shared page one statement. A page view logs its row and
 * raises the link's view count in that one statement; data reads log at most
 * one row per visitor in DATA_QUIET_MS (a page's own data requests and a
 * script's paging are one visit). Rows are kept SHARE_VIEW_RETENTION_DAYS and
 * purged on write (at most hourly per process, off the request's path).
 */
import "server-only";
import { createHmac } from "node:crypto";
import { count, desc, eq, lt, sql } from "drizzle-orm";
import { clientIp } from "../auth/client-ip";
import type { Db } from "../db/client";
import { shareLinks, shareLinkViews, type ShareViewKind } from "../db/schema";
import { browserFamily } from "./browser-family";
import { shareKey } from "./token";

export const SHARE_VIEW_RETENTION_DAYS = 90;
const RETENTION_MS = SHARE_VIEW_RETENTION_DAYS * 86_400_000;
const DATA_QUIET_MS = 30 * 60_000;
const PURGE_EVERY_MS = 3_600_000;
export const VIEW_LOG_PAGE_SIZE = 25;

/** 64 bits of HMAC(share key, address): the same address reads the same, and nothing reads it back. */
export function addressHash(address: string): string {
  return createHmac("sha256", shareKey()).update(`view-address\n${address}`).digest("hex").slice(0, 16);
}

function visitor(headers: Headers) {
  return { browser: browserFamily(headers.get("user-agent")), addressHash: addressHash(clientIp(headers)) };
}

/** Logs one visit of a link; page and embedded views also count in its views and last view. */
export async function recordShareVisit(db: Db, linkId: string, kind: ShareViewKind, headers: Headers): Promise<void> {
  const who = visitor(headers);
  if (kind === "page" || kind === "embed") {
    await db.execute(sql`
      with logged as (
        insert into ${shareLinkViews} (link_id, kind, browser, address_hash) values (${linkId}, ${kind}, ${who.browser}, ${who.addressHash})
      )
      update ${shareLinks} set view_count = view_count + 1, last_viewed_at = now() where id = ${linkId}`);
  } else if (kind === "data") {
    await db.execute(sql`
      insert into ${shareLinkViews} (link_id, kind, browser, address_hash)
      select ${linkId}, 'data', ${who.browser}, ${who.addressHash}
      where not exists (
        select 1 from ${shareLinkViews}
        where link_id = ${linkId} and address_hash = ${who.addressHash} and viewed_at > now() - make_interval(secs => ${DATA_QUIET_MS / 1000})
      )`);
  } else {
    await db.insert(shareLinkViews).values({ linkId, kind, ...who });
  }
  purgeWhenDue(db);
}

/** Deletes rows past the retention; the number deleted. */
export async function purgeShareViews(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(shareLinkViews)
    .where(lt(shareLinkViews.viewedAt, new Date(now.getTime() - RETENTION_MS)))
    .returning({ id: shareLinkViews.id });
  return deleted.length;
}

const PURGED_AT = Symbol.for("rebate-desk.share-views-purged-at");
type GlobalWithPurge = typeof globalThis & { [PURGED_AT]?: number };

function purgeWhenDue(db: Db): void {
  const holder = globalThis as GlobalWithPurge;
  const now = Date.now();
  if (now - (holder[PURGED_AT] ?? 0) < PURGE_EVERY_MS) return;
  holder[PURGED_AT] = now;
  purgeShareViews(db).catch((error: unknown) => console.error("[share] view log purge failed", error instanceof Error ? error.message : error));
}

export interface ShareViewEntry {
  at: number;
  kind: ShareViewKind;
  browser: string;
  /** The address's keyed hash, shortened: tells visitors apart, names none. */
  visitor: string;
}

export interface ShareViewPage {
  views: ShareViewEntry[];
  page: number;
  pageSize: number;
  total: number;
  retentionDays: number;
}

/** One page (1-based) of a link's log, newest first. */
export async function shareViewPage(db: Db, linkId: string, page: number): Promise<ShareViewPage> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(shareLinkViews)
      .where(eq(shareLinkViews.linkId, linkId))
      .orderBy(desc(shareLinkViews.viewedAt), desc(shareLinkViews.id))
      .limit(VIEW_LOG_PAGE_SIZE)
      .offset((page - 1) * VIEW_LOG_PAGE_SIZE),
    db.select({ n: count() }).from(shareLinkViews).where(eq(shareLinkViews.linkId, linkId)),
  ]);
  return {
    views: rows.map((row) => ({ at: row.viewedAt.getTime(), kind: row.kind, browser: row.browser, visitor: row.addressHash.slice(0, 8) })),
    page,
    pageSize: VIEW_LOG_PAGE_SIZE,
    total: totals[0]?.n ?? 0,
    retentionDays: SHARE_VIEW_RETENTION_DAYS,
  };
}
