/**
 * The view log's statements on PostgreSQL (the app's other database): a page
 * view logs its row and counts in one statement, a data read after it adds
 * nothing, a download logs, old rows are purged and a link's rows go with it.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, PEER_HEADER_ENV } from "@/lib/auth/client-ip";
import { createDb, queryRows, type DbHandle } from "@/lib/db/client";
import { shareLinks, shareLinkViews } from "@/lib/db/schema";
import { purgeShareViews, recordShareVisit, shareViewPage } from "@/lib/share/view-log";
import { temporaryPostgres } from "../support/postgres";

let pg: Awaited<ReturnType<typeof temporaryPostgres>>;
let handle: DbHandle;
const saved = { ...process.env };

beforeAll(async () => {
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env[PEER_HEADER_ENV] = "1";
  pg = await temporaryPostgres();
  handle = await createDb({ url: pg.url });
});
afterAll(async () => {
  await handle?.close();
  await pg?.drop();
  process.env = saved;
});

const visitor = (address: string) => new Headers({ [PEER_ADDRESS_HEADER]: address, "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });

describe("share view log on PostgreSQL", () => {
  it("logs, counts, holds data reads to one per visit, purges, and cascades", async () => {
    const { db } = handle;
    await db.insert(shareLinks).values({ id: "pg-link", tokenHash: "h".repeat(64), connectionId: "sandbox", report: "commissions", scope: {}, mode: "live", label: "pg", createdBy: "u", createdByEmail: "u@example.com" });
    await recordShareVisit(db, "pg-link", "page", visitor("192.0.2.10"));
    await recordShareVisit(db, "pg-link", "data", visitor("192.0.2.10"));
    await recordShareVisit(db, "pg-link", "data", visitor("192.0.2.11"));
    await recordShareVisit(db, "pg-link", "data", visitor("192.0.2.11"));
    await recordShareVisit(db, "pg-link", "pdf", visitor("192.0.2.10"));
    const log = await shareViewPage(db, "pg-link", 1);
    expect(log.views.map((v) => v.kind).sort()).toEqual(["data", "page", "pdf"]);
    expect(log.views.every((v) => v.browser === "Firefox")).toBe(true);
    const [link] = await db.select({ viewCount: shareLinks.viewCount, lastViewedAt: shareLinks.lastViewedAt }).from(shareLinks).where(eq(shareLinks.id, "pg-link"));
    expect(link?.viewCount).toBe(1);
    expect(link?.lastViewedAt).toBeInstanceOf(Date);

    await db.insert(shareLinkViews).values({ linkId: "pg-link", kind: "csv", browser: "Chrome", addressHash: "0".repeat(16), viewedAt: new Date(Date.now() - 120 * 86_400_000) });
    expect(await purgeShareViews(db)).toBe(1);
    expect((await shareViewPage(db, "pg-link", 1)).total).toBe(3);

    await db.delete(shareLinks).where(eq(shareLinks.id, "pg-link"));
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from share_link_views`);
    expect(Number(left?.n)).toBe(0);
  });
});
