/**
 * Rolling share links through the route handlers, with the app's clock moved
 * (TEST_CLOCK_FILE, lib/clock.ts) as the e2e run and other instances move it:
 * a rolling link's days move at midnight of its time zone, always N of them,
 * and anything wider or older is refused at request time; fixed links and
 * snapshots keep their days.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { daysBetween } from "@/lib/share/rolling";
import { demoAppSuite } from "../support/demo-app";
import { loadCommissions } from "../support/warehouse";

demoAppSuite("share-rolling", "analyst");
const clockFile = path.join(mkdtempSync(path.join(tmpdir(), "rd-clock-")), "offset");
/** Puts the app's "now" at `iso` (the offset from the system clock; the few ms until the request are the drift). */
const setClock = (iso: string) => writeFileSync(clockFile, String(Date.parse(iso) - Date.now()));

beforeAll(async () => {
  process.env.TEST_CLOCK_FILE = clockFile;
  const now = Date.parse("2026-11-24T12:00:00Z");
  await loadCommissions(await getDb(), "sandbox", createAffiliateWorld({ seed: 9, invitees: 60, days: 60, subAffiliates: 1, restate: false }, now), now);
});
afterAll(() => {
  delete process.env.TEST_CLOCK_FILE;
});

async function create(body: Record<string, unknown>): Promise<Response> {
  return shareList.POST(
    new Request("http://localhost/api/share", { method: "POST", body: JSON.stringify({ label: "rolling", mode: "live", expiry: "7d", report: "commissions", ...body }), headers: { "content-type": "application/json" } }),
  );
}
async function tokenOf(body: Record<string, unknown>): Promise<string> {
  const res = await create(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { path: string }).path.slice("/r/".length);
}
async function rangeOf(token: string, query = ""): Promise<{ status: number; range?: { from: string; to: string } }> {
  const res = await sharedData.GET(new Request(`http://localhost/r/${token}/data/commissions?${query}`), { params: Promise.resolve({ token, report: "commissions" }) });
  const body = (await res.json()) as { range?: { from: string; to: string } };
  return { status: res.status, ...(body.range ? { range: { from: body.range.from, to: body.range.to } } : {}) };
}

describe("rolling share links, on the app's clock", () => {
  it("show the last N days up to each request's day, moving at midnight UTC; fixed links keep theirs", async () => {
    setClock("2026-11-24T12:00:00Z");
    const rolling = await tokenOf({ query: "range=30d", dates: "rolling" });
    const fixed = await tokenOf({ query: "range=30d" });
    const listed = (await (await shareList.GET(new Request("http://localhost/api/share"))).json()) as { links: Array<{ dates: string; scope: string }> };
    expect(listed.links.map((l) => l.dates).sort()).toEqual(["fixed", "rolling"]);
    expect(listed.links.find((l) => l.dates === "rolling")?.scope).toBe("Last 30 days, rolling (now 2026-10-26 – 2026-11-24 · UTC days)");

    setClock("2026-11-24T23:59:59.000Z");
    expect(await rangeOf(rolling)).toEqual({ status: 200, range: { from: "2026-10-26", to: "2026-11-24" } });
    setClock("2026-11-25T00:00:00.500Z");
    expect(await rangeOf(rolling)).toEqual({ status: 200, range: { from: "2026-10-27", to: "2026-11-25" } });
    expect(await rangeOf(fixed)).toEqual({ status: 200, range: { from: "2026-10-26", to: "2026-11-24" } });
    setClock("2026-12-09T08:00:00Z");
    const later = await rangeOf(rolling);
    expect(later).toEqual({ status: 200, range: { from: "2026-11-10", to: "2026-12-09" } });
    expect(daysBetween(later.range!.from, later.range!.to)).toBe(30);
  });

  it("refuse, at request time, yesterday's days, a wider range and an older one", async () => {
    setClock("2026-11-24T12:00:00Z");
    const token = await tokenOf({ query: "range=7d", dates: "rolling" });
    expect((await rangeOf(token, "range=custom&from=2026-11-18&to=2026-11-24")).status).toBe(200);
    setClock("2026-11-25T00:00:01Z");
    for (const query of ["range=custom&from=2026-11-18&to=2026-11-24", "range=30d", "range=custom&from=2026-11-01&to=2026-11-25", "from=2026-11-18", "to=2026-11-26"]) {
      const res = await rangeOf(token, query);
      expect(res.status, query).toBe(403);
    }
    expect(await rangeOf(token, "range=custom&from=2026-11-19&to=2026-11-25")).toEqual({ status: 200, range: { from: "2026-11-19", to: "2026-11-25" } });
  });

  it("count the days of the link's time zone: New York's evening is still its day, Tokyo's tomorrow waits for UTC's", async () => {
    setClock("2026-11-24T12:00:00Z");
    const newYork = await tokenOf({ query: "range=7d&tz=America/New_York", dates: "rolling" });
    const tokyo = await tokenOf({ query: "range=7d&tz=Asia/Tokyo", dates: "rolling" });
    setClock("2026-11-25T03:00:00Z"); // 22:00 on the 24th in New York, noon on the 25th in Tokyo
    expect(await rangeOf(newYork)).toEqual({ status: 200, range: { from: "2026-11-18", to: "2026-11-24" } });
    expect(await rangeOf(tokyo)).toEqual({ status: 200, range: { from: "2026-11-19", to: "2026-11-25" } });
    setClock("2026-11-25T20:00:00Z"); // the 26th in Tokyo, not begun in UTC
    expect(await rangeOf(tokyo)).toEqual({ status: 200, range: { from: "2026-11-19", to: "2026-11-25" } });
    expect(await rangeOf(newYork)).toEqual({ status: 200, range: { from: "2026-11-19", to: "2026-11-25" } });
  });

  it("are live only: a snapshot's dates are fixed (400 naming dates)", async () => {
    const res = await create({ query: "range=7d", dates: "rolling", mode: "snapshot" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/^dates: /);
    expect((await create({ query: "range=7d", dates: "sometimes" })).status).toBe(400);
  });
});
