/**
 * The share link's PDF route with the real Chromium: a repeated request of an unchanged view is
 * answered from the cache (no second render), renders wait in a bounded queue and past it get a
 * fast 503 with Retry-After, and renders per link are limited (429 with Retry-After). The page
 * Chromium prints is served by a small local page server standing in for the app's own pages
 * (APP_INTERNAL_URL), slow enough that renders overlap; it counts what Chromium asked for.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appPdf from "@/app/api/pdf/[report]/route";
import * as shareList from "@/app/api/share/route";
import * as sharedPdf from "@/app/r/[token]/pdf/route";
import { getDb } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { REPORTS } from "@/lib/sync/reports";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("pdf-renders", "analyst");
const PAGE_DELAY_MS = 1_500;

let server: Server;
const pageHits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    pageHits.set(path, (pageHits.get(path) ?? 0) + 1);
    setTimeout(() => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><body><h1>Report ${path}</h1><p>figures</p></body></html>`);
    }, PAGE_DELAY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Read when the PDF service is first used: two render at once, one waits, one render per link.
  process.env.APP_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PDF_MAX_QUEUE = "1";
  process.env.PDF_RENDERS_PER_LINK = "1";
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function shareLink(): Promise<string> {
  app.role = "analyst";
  const body = JSON.stringify({ label: "pdf", mode: "live", expiry: "7d", report: "commissions", query: "range=7d" });
  const res = await shareList.POST(new Request("http://localhost/api/share", { method: "POST", body, headers: { "content-type": "application/json" } }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { path: string }).path.slice("/r/".length);
}

/** Renders of a link's page (printed as `/r/<token>?print=pdf…`). */
const rendersOf = (token: string) => [...pageHits].filter(([path]) => new URL(path, "http://x").pathname === `/r/${token}`).reduce((sum, [, n]) => sum + n, 0);

async function pdf(token: string, query = "") {
  const started = Date.now();
  const res = await sharedPdf.GET(new Request(`http://localhost/r/${token}/pdf${query}`), { params: Promise.resolve({ token }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, headers: res.headers, ms: Date.now() - started };
}

describe("PDF of a share link", () => {
  it("renders an unchanged view once; a repeat is answered from the cache", async () => {
    const token = await shareLink();
    const first = await pdf(token);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(rendersOf(token)).toBe(1);
    // Printed for a PDF: every row of a paged table, 200 a page (a live link).
    expect(pageHits.get(`/r/${token}?print=pdf&pageSize=200`)).toBe(1);

    const again = await pdf(token);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(rendersOf(token), "no second render").toBe(1);
    expect(again.ms).toBeLessThan(PAGE_DELAY_MS);
  }, 60_000);

  it("limits renders per link: another orientation is a second render, refused with 429 and Retry-After", async () => {
    const token = await shareLink();
    expect((await pdf(token)).status).toBe(200);
    const portrait = await pdf(token, "?orientation=portrait");
    expect(portrait.status).toBe(429);
    expect(JSON.parse(portrait.bytes.toString())).toMatchObject({ code: "PDF_RATE_LIMITED", msg: expect.any(String) });
    expect(Number(portrait.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(rendersOf(token)).toBe(1);
    expect((await pdf(token)).status, "the rendered view is still served").toBe(200);
  }, 60_000);

  it("bounds the queue: two render, one waits, the next is refused at once with 503 and Retry-After", async () => {
    const tokens = await Promise.all([shareLink(), shareLink(), shareLink(), shareLink()]);
    const answers = await Promise.all(tokens.map((t) => pdf(t)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 503]);
    const busy = answers.find((a) => a.status === 503)!;
    expect(JSON.parse(busy.bytes.toString())).toMatchObject({ code: "PDF_BUSY", msg: expect.any(String) });
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(busy.ms, "refused without waiting for a render").toBeLessThan(PAGE_DELAY_MS);
    // The refused link rendered nothing and did not spend its one render: it succeeds now.
    const refusedToken = tokens[answers.indexOf(busy)]!;
    expect(rendersOf(refusedToken)).toBe(0);
    expect((await pdf(refusedToken)).status).toBe(200);
  }, 60_000);
});

describe("PDF of a view in the app", () => {
  /** Pages printed (each render opens its own internal link's page; the browser also asks for a favicon). */
  const totalHits = () => [...pageHits].filter(([path]) => path.startsWith("/r/")).reduce((sum, [, n]) => sum + n, 0);
  const get = (query: string) => appPdf.GET(new Request(`http://localhost/api/pdf/commissions?${query}`), { params: Promise.resolve({ report: "commissions" }) });

  it("renders the same view with the same data as of once; other parameters render again", async () => {
    app.role = "analyst";
    const before = totalHits();
    const first = await get("range=30d&coin=USDT");
    expect(first.status).toBe(200);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(totalHits() - before).toBe(1);
    const again = await get("coin=USDT&range=30d");
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(totalHits() - before, "answered from the cache").toBe(1);
    expect((await get("range=30d&coin=BTC")).status).toBe(200);
    expect(totalHits() - before).toBe(2);
  }, 60_000);

  it("prints the view's page for a PDF (every row, 200 a page, in the view's sort and search, not its page), named with report, range, as of and orientation", async () => {
    app.role = "analyst";
    const res = await appPdf.GET(new Request("http://localhost/api/pdf/invitees?range=30d&sort=uid&dir=asc&q=12&page=3&orientation=portrait"), {
      params: Promise.resolve({ report: "invitees" }),
    });
    expect(res.status).toBe(200);
    const printed = [...pageHits.keys()].filter((path) => path.startsWith("/r/") && path.includes("sort=uid"));
    expect(printed).toHaveLength(1);
    expect(Object.fromEntries(new URL(printed[0]!, "http://x").searchParams)).toEqual({ sort: "uid", dir: "asc", q: "12", print: "pdf", pageSize: "200" });
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="invitees_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_asof-(\d{4}-\d{2}-\d{2}T\d{4}Z(_partial)?|not-synced_partial)_portrait\.pdf"; filename\*=UTF-8''invitees_/,
    );
  }, 60_000);

  it("renders again once the warehouse's data as of has moved", async () => {
    app.role = "analyst";
    const db = await getDb();
    const syncedTo = async (coveredTo: number) => {
      for (const def of REPORTS) {
        await db.insert(syncState).values({ connectionId: "sandbox", report: def.key, coveredTo }).onConflictDoUpdate({ target: [syncState.connectionId, syncState.report], set: { coveredTo } });
      }
    };
    await syncedTo(Date.now() - 60_000);
    const before = totalHits();
    await get("range=90d");
    await get("range=90d");
    expect(totalHits() - before).toBe(1);
    await syncedTo(Date.now()); // a sync run read more: the same view now shows other data
    expect((await get("range=90d")).status).toBe(200);
    expect(totalHits() - before).toBe(2);
  }, 60_000);
});
