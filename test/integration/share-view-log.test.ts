/**
 * The view log of share links and the per-link frame-ancestors, on the app as
 * demo mode runs it (embedded database): visits write rows with the browser's
 * family and a keyed hash of the address — never the address, never the token
 * — data reads are one row per visitor per half hour, old rows are purged, the
 * log pages for whoever manages the link; and a link's page is framed only by
 * the origins the link lists, while it opens.
 */
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import * as viewsRoute from "@/app/api/share/[id]/views/route";
import * as shareItem from "@/app/api/share/[id]/route";
import * as shareList from "@/app/api/share/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { PEER_ADDRESS_HEADER, PEER_HEADER_ENV } from "@/lib/auth/client-ip";
import { getDb, queryRows } from "@/lib/db/client";
import { shareLinkViews } from "@/lib/db/schema";
import { hashToken } from "@/lib/share/token";
import { purgeShareViews, recordShareVisit, type ShareViewPage } from "@/lib/share/view-log";
import { proxy } from "@/proxy";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("share-views", "analyst");
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const ADDRESS = "203.0.113.57";

afterEach(() => {
  delete process.env[PEER_HEADER_ENV];
});

type Created = { id: string; path: string };

async function post(body: Record<string, unknown>): Promise<Response> {
  return shareList.POST(
    new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify({ label: "log test", mode: "live", expiry: "7d", report: "commissions", query: "range=7d", ...body }), headers: { "content-type": "application/json" } }),
  );
}

async function create(body: Record<string, unknown> = {}): Promise<Created & { token: string }> {
  const res = await post(body);
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as Created;
  return { ...created, token: created.path.slice("/r/".length) };
}

/** A visitor as scripts/serve.mjs hands them to the app: the socket's address in its header. */
function visitorHeaders(address = ADDRESS, userAgent = FIREFOX): Record<string, string> {
  process.env[PEER_HEADER_ENV] = "1";
  return { [PEER_ADDRESS_HEADER]: address, "user-agent": userAgent };
}

async function logOf(id: string, page = 1): Promise<ShareViewPage> {
  const res = await viewsRoute.GET(new Request(`http://localhost/api/share/${id}/views?page=${page}`), { params: Promise.resolve({ id }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ShareViewPage;
}

describe("share link view log", () => {
  it("writes a row per visit with the browser family and a hash of the address, never the address or the token", async () => {
    app.role = "analyst";
    const link = await create();
    const db = await getDb();
    await recordShareVisit(db, link.id, "page", new Headers(visitorHeaders()));
    const data = () => sharedData.GET(new Request(`http://localhost/r/${link.token}/data/commissions`, { headers: visitorHeaders() }), { params: Promise.resolve({ token: link.token, report: "commissions" }) });
    expect((await data()).status).toBe(200);
    const csv = await sharedExport.GET(new Request(`http://localhost/r/${link.token}/data/commissions/export?table=totals`, { headers: visitorHeaders("198.51.100.9", "curl/8.5.0") }), {
      params: Promise.resolve({ token: link.token, report: "commissions" }),
    });
    expect(csv.status).toBe(200);
    // The page's own data reads add nothing (the page view is the visit); a data read by another visitor is logged, once in the half hour.
    expect((await sharedData.GET(new Request(`http://localhost/r/${link.token}/data/commissions`, { headers: visitorHeaders("198.51.100.77") }), { params: Promise.resolve({ token: link.token, report: "commissions" }) })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await data()).status).toBe(200);
    expect((await sharedData.GET(new Request(`http://localhost/r/${link.token}/data/commissions`, { headers: visitorHeaders("198.51.100.77") }), { params: Promise.resolve({ token: link.token, report: "commissions" }) })).status).toBe(200);

    const log = await logOf(link.id);
    expect(log.total).toBe(3);
    expect(log.retentionDays).toBe(90);
    expect(log.views.map((v) => [v.kind, v.browser]).sort()).toEqual([
      ["csv", "Script or bot"],
      ["data", "Firefox"],
      ["page", "Firefox"],
    ]);
    // Three addresses, three visitors, each a short hash.
    const visitors = new Set(log.views.map((v) => v.visitor));
    expect(visitors.size).toBe(3);
    for (const v of visitors) expect(v).toMatch(/^[0-9a-f]{8}$/);
    // The page view counts in the list's views and last view, as before.
    const list = (await (await shareList.GET(new Request("http://localhost/api/share"))).json()) as { links: Array<{ id: string; viewCount: number; lastViewedAt: number | null }> };
    expect(list.links.find((l) => l.id === link.id)).toMatchObject({ viewCount: 1, lastViewedAt: expect.any(Number) });

    const stored = await queryRows<{ row: string }>(db, sql`select row_to_json(v)::text as row from share_link_views v where link_id = ${link.id}`);
    expect(stored).toHaveLength(3);
    for (const { row } of stored) {
      for (const secret of [ADDRESS, "198.51.100.9", link.token, hashToken(link.token), FIREFOX, "curl/8.5.0", "Gecko"]) expect(row).not.toContain(secret);
    }
  });

  it("purges rows past the retention, directly and on a later write", async () => {
    const link = await create();
    const db = await getDb();
    const day = 86_400_000;
    await db.insert(shareLinkViews).values([
      { linkId: link.id, kind: "page", browser: "Chrome", addressHash: "0123456789abcdef", viewedAt: new Date(Date.now() - 91 * day) },
      { linkId: link.id, kind: "pdf", browser: "Chrome", addressHash: "0123456789abcdef", viewedAt: new Date(Date.now() - 89 * day) },
    ]);
    expect(await purgeShareViews(db)).toBeGreaterThanOrEqual(1);
    expect((await logOf(link.id)).views.map((v) => v.kind)).toEqual(["pdf"]);

    await db.insert(shareLinkViews).values({ linkId: link.id, kind: "csv", browser: "Safari", addressHash: "fedcba9876543210", viewedAt: new Date(Date.now() - 200 * day) });
    // The purge on write runs at most hourly per process: make it due, as an hour later.
    (globalThis as Record<symbol, unknown>)[Symbol.for("rebate-desk.share-views-purged-at")] = 0;
    await recordShareVisit(db, link.id, "pdf", new Headers(visitorHeaders()));
    await expect.poll(async () => (await logOf(link.id)).views.map((v) => v.kind).sort(), { timeout: 5_000 }).toEqual(["pdf", "pdf"]);
  });

  it("pages the log newest first, refuses a bad page and other people's or unknown links", async () => {
    const link = await create();
    const db = await getDb();
    const base = Date.now() - 60_000;
    await db.insert(shareLinkViews).values(Array.from({ length: 30 }, (_, i) => ({ linkId: link.id, kind: "page" as const, browser: "Chrome", addressHash: "00000000000000aa", viewedAt: new Date(base + i * 1000) })));
    const first = await logOf(link.id);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.views).toHaveLength(25);
    expect(first.views[0]!.at).toBeGreaterThan(first.views[24]!.at);
    const second = await logOf(link.id, 2);
    expect(second.views).toHaveLength(5);
    expect(second.views[0]!.at).toBeLessThan(first.views[24]!.at);
    const bad = await viewsRoute.GET(new Request(`http://localhost/api/share/${link.id}/views?page=0`), { params: Promise.resolve({ id: link.id }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "BAD_REQUEST" });
    const unknown = await viewsRoute.GET(new Request("http://localhost/api/share/nope/views"), { params: Promise.resolve({ id: "nope" }) });
    expect(unknown.status).toBe(404);
    app.role = "viewer";
    expect((await viewsRoute.GET(new Request(`http://localhost/api/share/${link.id}/views`), { params: Promise.resolve({ id: link.id }) })).status).toBe(403);
    app.role = "analyst";
    // A revoked link keeps its log for those who manage it.
    expect((await shareItem.DELETE(new Request(`http://localhost/api/share/${link.id}`, { method: "DELETE" }), { params: Promise.resolve({ id: link.id }) })).status).toBeLessThan(300);
    expect((await logOf(link.id)).total).toBe(30);
  });
});

describe("per-link frame-ancestors", () => {
  const policyOf = async (path: string) => {
    process.env.NEXTAUTH_SECRET ??= "page-security-test-secret-0123456789";
    return (await proxy(new NextRequest(`http://localhost${path}`))).headers.get("content-security-policy") ?? "";
  };
  const ancestors = (policy: string) => /frame-ancestors ([^;]+)$/.exec(policy)?.[1];

  it("a link's page carries its own origins only, while it opens; everything else stays 'none'", async () => {
    app.role = "analyst";
    const embeddable = await create({ embedOrigins: ["https://Partner.example.com/", "http://127.0.0.1:4999"] });
    const other = await create({ embedOrigins: ["https://other.example.com"] });
    const plain = await create();
    expect(ancestors(await policyOf(`/r/${embeddable.token}`))).toBe("https://partner.example.com http://127.0.0.1:4999");
    expect(ancestors(await policyOf(`/r/${embeddable.token}?embed=1`))).toBe("https://partner.example.com http://127.0.0.1:4999");
    expect(ancestors(await policyOf(`/r/${other.token}`))).toBe("https://other.example.com");
    expect(ancestors(await policyOf(`/r/${plain.token}`))).toBe("'none'");
    // The rest of the policy is what every page gets.
    expect((await policyOf(`/r/${embeddable.token}`)).replace(/'nonce-[^']+'/, "N").replace(/frame-ancestors .*$/, "")).toBe((await policyOf("/login")).replace(/'nonce-[^']+'/, "N").replace(/frame-ancestors .*$/, ""));
    for (const path of [`/r/${embeddable.token}/data/commissions`, `/r/${embeddable.token}/pdf`, "/login", `/r/${embeddable.token.slice(0, -1)}x`, "/r/short"]) {
      expect(ancestors(await policyOf(path)), path).toBe("'none'");
    }
    // Paused, then revoked: the same 'none' as a link that never existed.
    const patch = (paused: boolean) => shareItem.PATCH(new Request(`http://localhost/api/share/${embeddable.id}`, { method: "PATCH", body: JSON.stringify({ paused }), headers: { "content-type": "application/json" } }), { params: Promise.resolve({ id: embeddable.id }) });
    expect((await patch(true)).status).toBe(200);
    expect(ancestors(await policyOf(`/r/${embeddable.token}`))).toBe("'none'");
    expect((await patch(false)).status).toBe(200);
    expect(ancestors(await policyOf(`/r/${embeddable.token}`))).not.toBe("'none'");
    await shareItem.DELETE(new Request(`http://localhost/api/share/${embeddable.id}`, { method: "DELETE" }), { params: Promise.resolve({ id: embeddable.id }) });
    expect(ancestors(await policyOf(`/r/${embeddable.token}`))).toBe("'none'");
  });

  it("refuses origins that are not exact https (or loopback http) origins, and embedding a password link, with a clear 400", async () => {
    for (const embedOrigins of [["http://partner.example.com"], ["https://*.example.com"], ["https://partner.example.com/page"], "https://partner.example.com", [42]]) {
      const res = await post({ embedOrigins });
      expect(res.status, JSON.stringify(embedOrigins)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", msg: expect.any(String) });
    }
    const locked = await post({ embedOrigins: ["https://partner.example.com"], password: "a long password" });
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as { msg: string }).msg).toMatch(/password/);
  });
});
