/**
 * Share links end to end through the route handlers, on the app as demo mode
 * runs it (embedded database, embedded sandbox): a link answers exactly the
 * view it was made for, refuses anything outside its scope, answers every dead
 * or tampered token with the same not-found, freezes snapshots, redacts, needs
 * its password, and never calls the exchange.
 */
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as shareItem from "@/app/api/share/[id]/route";
import * as shareList from "@/app/api/share/route";
import * as pdfRoute from "@/app/api/pdf/[report]/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb, queryRows } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { findShareLink, recordShareView } from "@/lib/share/store";
import { unlockCookie } from "@/lib/share/unlock";
import { demoAppSuite } from "../support/demo-app";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";
import { reportApi, reportExportApi } from "../support/report-routes";

const app = demoAppSuite("share", "analyst");
const CONNECTION = "sandbox";
const NOW = Date.now();

type Created = { id: string; path: string; scope: string; expiresAt: number | null };

async function load(): Promise<void> {
  const db = await getDb();
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from commission_items`);
  if (Number(row?.n ?? 0) > 0) return;
  const world = createAffiliateWorld({ seed: 5, invitees: 400, days: 60, subAffiliates: 2, restate: false }, NOW);
  await loadCommissions(db, CONNECTION, world, NOW);
  await loadInvitees(db, CONNECTION, world, NOW);
  await loadTradeAssetDays(db, CONNECTION, world, NOW, 60);
}

async function create(body: Record<string, unknown>): Promise<Created> {
  const res = await shareList.POST(
    new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify({ label: "test", mode: "live", expiry: "7d", ...body }), headers: { "content-type": "application/json" } }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Created;
}

const tokenOf = (created: Created) => created.path.slice("/r/".length);

function shared(token: string, report: string, query = "", cookie?: string): Promise<Response> {
  const headers = cookie ? { cookie } : undefined;
  return sharedData.GET(new Request(`http://localhost/r/${token}/data/${report}${query ? `?${query}` : ""}`, { headers }), {
    params: Promise.resolve({ token, report }),
  });
}

function sharedCsv(token: string, report: string, query: string): Promise<Response> {
  return sharedExport.GET(new Request(`http://localhost/r/${token}/data/${report}/export?${query}`), { params: Promise.resolve({ token, report }) });
}

async function appReport(route: typeof reportApi, name: string, query: string): Promise<unknown> {
  const res = await route.GET(new Request(`http://localhost/api/reports/${name}?${query}`));
  expect(res.status).toBe(200);
  return res.json();
}

describe("share links", () => {
  it("answer exactly the view they were made for, from the warehouse, with no exchange call", async () => {
    await load();
    app.role = "analyst";
    const created = await create({ report: "commissions", query: "range=30d&coin=USDT&product=FUTURES" });
    expect(created.path).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
    const calls = [...app.sandbox.requestCounts.values()].reduce((a, b) => a + b, 0);
    const res = await shared(tokenOf(created), "commissions");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const body = (await res.json()) as { totals: Array<{ commission: string }>; range: { from: string; to: string }; coverage: { state: string; note: string; buckets: unknown[] } };
    const expected = await appReport(reportApi, "commissions", `range=custom&from=${body.range.from}&to=${body.range.to}&coin=USDT&product=FUTURES`);
    expect(body).toEqual(expected);
    // The link says what the warehouse holds, as the page does (this warehouse was filled without a sync: nothing is "synced").
    expect(body.coverage.state).toBe("none");
    expect(body.coverage.note).toMatch(/^Still loading history|^Not synced/);
    expect(body.coverage.buckets.length).toBeGreaterThan(25);
    expect(body.totals[0]?.commission).toMatch(/^\d+\.\d+$/);
    expect([...app.sandbox.requestCounts.values()].reduce((a, b) => a + b, 0)).toBe(calls);
  });

  it("refuse every request outside the scope (range, coin, product, invitee, interval, time zone) and other reports", async () => {
    const token = tokenOf(await create({ report: "commissions", query: "range=30d&coin=USDT" }));
    for (const query of ["range=12m", "range=custom&from=2020-01-01&to=2026-11-01", "coin=BTC", "product=SPOT", "uid=1", "sub=2", "interval=month", "tz=Asia/Tokyo", "coin=USDT&coin=BTC"]) {
      const res = await shared(token, "commissions", query);
      expect(res.status, query).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("OUT_OF_SCOPE");
    }
    expect((await shared(token, "invitees")).status).toBe(404);
    // Unknown parameters (another connection, say) are dropped, not obeyed.
    expect((await shared(token, "commissions", "connection=other&coin=USDT")).status).toBe(200);
  });

  it("answer revoked, paused, expired, tampered and unknown tokens with one identical not-found", async () => {
    const db = await getDb();
    const revoked = await create({ report: "commissions" });
    const paused = await create({ report: "commissions" });
    const expired = await create({ report: "commissions" });
    const live = await create({ report: "commissions" });
    expect((await shareItem.DELETE(new Request("http://localhost", { method: "DELETE" }), { params: Promise.resolve({ id: revoked.id }) })).status).toBe(204);
    const pause = (value: boolean) =>
      shareItem.PATCH(new Request("http://localhost", { method: "PATCH", body: JSON.stringify({ paused: value }), headers: { "content-type": "application/json" } }), {
        params: Promise.resolve({ id: paused.id }),
      });
    expect((await pause(true)).status).toBe(200);
    await db.execute(sql`update share_links set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    const t = tokenOf(live);
    const tampered = `${t.slice(0, 20)}${t[20] === "A" ? "B" : "A"}${t.slice(21)}`;
    const answers = await Promise.all([tokenOf(revoked), tokenOf(paused), tokenOf(expired), tampered, "x".repeat(43), "short"].map((token) => shared(token, "commissions")));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(new Set(bodies).size).toBe(1);
    expect((await shared(t, "commissions")).status).toBe(200);
    // Resumed, the paused link works again; the revoked one never does.
    expect((await pause(false)).status).toBe(200);
    expect((await shared(tokenOf(paused), "commissions")).status).toBe(200);
    expect((await shareItem.PATCH(new Request("http://localhost", { method: "PATCH", body: JSON.stringify({ paused: false }), headers: { "content-type": "application/json" } }), { params: Promise.resolve({ id: revoked.id }) })).status).toBe(409);
  });

  it("freeze snapshots: later warehouse changes move a live link, not a snapshot", async () => {
    const db = await getDb();
    const live = tokenOf(await create({ report: "commissions", query: "range=7d" }));
    const snap = tokenOf(await create({ report: "commissions", query: "range=7d", mode: "snapshot" }));
    const before = await (await shared(snap, "commissions")).json();
    expect(await (await shared(live, "commissions")).json()).toEqual(before);
    await db.execute(sql`update commission_items set commission = commission + 1 where connection_id = ${CONNECTION} and day >= now() - interval '3 days'`);
    try {
      const liveAfter = (await (await shared(live, "commissions")).json()) as { totals: unknown };
      expect(liveAfter.totals).not.toEqual((before as { totals: unknown }).totals);
      expect(await (await shared(snap, "commissions")).json()).toEqual(before);
    } finally {
      await db.execute(sql`update commission_items set commission = commission - 1 where connection_id = ${CONNECTION} and day >= now() - interval '3 days'`);
    }
  });

  it("freeze every page of a snapshot's table (roster, per-invitee rows) in the default order, and nothing else", async () => {
    const snap = tokenOf(await create({ report: "invitees", query: "range=90d", mode: "snapshot" }));
    const first = (await (await shared(snap, "invitees")).json()) as { roster: { total: number; pageSize: number; rows: Array<{ uid: string }> }; range: { from: string; to: string } };
    const pages = Math.ceil(first.roster.total / first.roster.pageSize);
    expect(pages).toBeGreaterThan(1);
    const last = await shared(snap, "invitees", `page=${pages}`);
    expect(last.status).toBe(200);
    // The whole answer, as the app gives it for that page (pages are stored as differences from the first).
    const appLast = await appReport(reportApi, "invitees", `range=custom&from=${first.range.from}&to=${first.range.to}&page=${pages}`);
    expect(await last.json()).toEqual(appLast);
    expect((await shared(snap, "invitees", "sort=uid")).status).toBe(404);

    const assets = tokenOf(await create({ report: "trade-assets", query: "range=90d", mode: "snapshot" }));
    const head = (await (await shared(assets, "trade-assets")).json()) as { total: number; pageSize: number; range: { from: string; to: string } };
    expect(head.total).toBeGreaterThan(head.pageSize);
    const second = await shared(assets, "trade-assets", "page=2");
    expect(await second.json()).toEqual(await appReport(reportApi, "trade-assets", `range=custom&from=${head.range.from}&to=${head.range.to}&page=2`));
  });

  it("mask invitee uids and show percentages when asked, on every answer", async () => {
    const plain = (await (await shared(tokenOf(await create({ report: "invitees", query: "range=90d" })), "invitees")).json()) as { roster: { rows: Array<{ uid: string }> } };
    const masked = tokenOf(await create({ report: "invitees", query: "range=90d", redactUids: true }));
    const text = await (await shared(masked, "invitees")).text();
    for (const row of plain.roster.rows) expect(text).not.toContain(`"${row.uid}"`);
    expect(text).toMatch(/"uid":"inv-[0-9a-f]{8}"/);
    // Searching a masked roster by uid would confirm a uid: refused.
    expect((await shared(masked, "invitees", `q=${plain.roster.rows[0]!.uid}`)).status).toBe(403);

    const pct = tokenOf(await create({ report: "commissions", query: "range=30d", percentages: true }));
    const body = (await (await shared(pct, "commissions")).json()) as { totals: Array<{ commission: string | null; fee: string | null }>; bySymbol: Array<{ commission: string }>; coverage: { rangeDays: number; note: string } };
    // Totals show their change against the previous period, which this warehouse (filled without a sync) does not hold
    // whole: no change to show — never a constant 100 %, never the amount (test/integration/share-percentages.test.ts has the changes).
    expect(body.totals.length).toBeGreaterThan(0);
    for (const t of body.totals) expect([t.commission, t.fee]).toEqual([null, null]);
    // Redaction leaves the coverage as it is: days are not amounts.
    expect(body.coverage.rangeDays).toBe(30);
    expect(body.coverage.note).not.toBe("");
    // Per coin, the symbols' shares add up to 100 % (give or take rounding to 2 dp).
    const sum = body.bySymbol.reduce((acc, r) => acc.plus(r.commission), new Decimal(0));
    expect(sum.minus(100 * body.totals.length).abs().lte(0.01 * body.bySymbol.length)).toBe(true);
  });

  it("need the unlock cookie of a password link, never the password itself", async () => {
    const created = await create({ report: "commissions", password: "correct horse" });
    const token = tokenOf(created);
    expect((await shared(token, "commissions")).status).toBe(404);
    const link = await findShareLink(await getDb(), created.id);
    const cookie = unlockCookie(link!);
    expect(cookie.value).not.toContain("correct");
    expect((await shared(token, "commissions", "", `${cookie.name}=wrong`)).status).toBe(404);
    expect((await shared(token, "commissions", "", `${cookie.name}=${cookie.value}`)).status).toBe(200);
  });

  it("are made by analysts and managed by their creator or an admin; the list shows state and views", async () => {
    app.role = "viewer";
    const refused = await shareList.POST(new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify({ report: "commissions", label: "x", mode: "live", expiry: "1d" }), headers: { "content-type": "application/json" } }));
    expect(refused.status).toBe(403);
    app.role = "analyst";
    const bad = await shareList.POST(new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify({ report: "nope", label: "", mode: "live", expiry: "1y" }), headers: { "content-type": "application/json" } }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("BAD_REQUEST");
    const created = await create({ report: "overview", label: "For the boss", expiry: "30d" });
    await recordShareView(await getDb(), created.id);
    const list = (await (await shareList.GET(new Request("http://localhost/api/share"))).json()) as { links: Array<{ id: string; label: string; state: string; viewCount: number; path: string | null; scope: string }> };
    const item = list.links.find((l) => l.id === created.id);
    expect(item).toMatchObject({ label: "For the boss", state: "active", viewCount: 1, path: created.path });
    expect(item?.scope).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/);
  });

  it("export CSV within the scope: the same bytes as the app's export, uids masked when asked, snapshots frozen, none for percentages", async () => {
    const db = await getDb();
    const live = await create({ report: "commissions", query: "range=30d&coin=USDT" });
    const body = (await (await shared(tokenOf(live), "commissions")).json()) as { range: { from: string; to: string } };
    const appCsv = await (await reportExportApi.GET(new Request(`http://localhost/api/reports/commissions/export?table=by-symbol&range=custom&from=${body.range.from}&to=${body.range.to}&coin=USDT`))).text();
    const liveCsv = await sharedCsv(tokenOf(live), "commissions", "table=by-symbol");
    expect(liveCsv.status).toBe(200);
    expect(liveCsv.headers.get("content-type")).toContain("text/csv");
    expect(await liveCsv.text()).toBe(appCsv);
    expect((await sharedCsv(tokenOf(live), "commissions", "table=by-symbol&coin=BTC")).status).toBe(403);
    expect((await sharedCsv(tokenOf(live), "commissions", "table=nope")).status).toBe(400);

    const masked = await create({ report: "invitees", query: "range=90d", redactUids: true });
    const roster = await (await sharedCsv(tokenOf(masked), "invitees", "table=roster")).text();
    const plainRoster = await (await reportExportApi.GET(new Request("http://localhost/api/reports/invitees/export?table=roster&range=90d"))).text();
    // This warehouse has no sync state: each file opens with the coverage note, then the header.
    expect(plainRoster.replace(/^\uFEFF/, "")).toMatch(/^"# Still loading history: nothing of this period is synced yet/);
    const rows = (text: string) => text.trim().split(/\r?\n/).filter((line) => !line.startsWith('"# '));
    expect(rows(roster).length).toBe(rows(plainRoster).length);
    const firstUid = rows(plainRoster)[1]!.split(",")[0]!;
    expect(roster).not.toContain(firstUid);
    expect(rows(roster)[1]).toMatch(/^inv-[0-9a-f]{8},/);

    const snap = await create({ report: "commissions", query: "range=7d", mode: "snapshot" });
    const before = await (await sharedCsv(tokenOf(snap), "commissions", "table=totals")).text();
    await db.execute(sql`update commission_items set fee = fee + 1 where connection_id = ${CONNECTION} and day >= now() - interval '3 days'`);
    try {
      expect(await (await sharedCsv(tokenOf(snap), "commissions", "table=totals")).text()).toBe(before);
    } finally {
      await db.execute(sql`update commission_items set fee = fee - 1 where connection_id = ${CONNECTION} and day >= now() - interval '3 days'`);
    }

    const pct = await create({ report: "commissions", query: "range=30d", percentages: true });
    expect((await sharedCsv(tokenOf(pct), "commissions", "table=totals")).status).toBe(403);
  });

  it("answer a PDF request with a clear 503 when the server has no Chromium, and leave no internal link behind", async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    try {
      const res = await pdfRoute.GET(new Request("http://localhost/api/pdf/commissions?range=7d"), { params: Promise.resolve({ report: "commissions" }) });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: "PDF_UNAVAILABLE", msg: expect.stringContaining("CHROMIUM_PATH") });
      const [left] = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from share_links where internal`);
      expect(Number(left?.n)).toBe(0);
      const unknown = await pdfRoute.GET(new Request("http://localhost/api/pdf/nope"), { params: Promise.resolve({ report: "nope" }) });
      expect(unknown.status).toBe(404);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
