/**
 * A share link keeps the compare choice of the page it was made from (docs/periods.md, lib/share/scope.ts): made
 * from an Overview compared with the same days a year earlier, its viewers' answer compares with those days (its
 * `compare` and periods), its scope in words says so, and a request for another comparison is refused; a link made
 * from the default view compares with the previous period. Through the real route handlers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { demoAppSuite } from "../support/demo-app";
import { loadCommissions } from "../support/warehouse";

demoAppSuite("share-compare", "analyst");
const clockFile = path.join(mkdtempSync(path.join(tmpdir(), "rd-clock-")), "offset");

beforeAll(async () => {
  // The app's clock on a fixed day, so that the periods below are written out by hand.
  process.env.TEST_CLOCK_FILE = clockFile;
  writeFileSync(clockFile, String(Date.parse("2026-11-24T12:00:00Z") - Date.now()));
  const now = Date.parse("2026-11-24T12:00:00Z");
  await loadCommissions(await getDb(), "sandbox", createAffiliateWorld({ seed: 9, invitees: 60, days: 60, subAffiliates: 1, restate: false }, now), now);
});
afterAll(() => {
  delete process.env.TEST_CLOCK_FILE;
});

async function create(query: string): Promise<{ token: string; scope: string }> {
  const res = await shareList.POST(
    new Request("http://localhost/api/share", {
      method: "POST",
      body: JSON.stringify({ label: "compare", mode: "live", expiry: "7d", report: "overview", query }),
      headers: { "content-type": "application/json" },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { path: string; scope: string };
  return { token: body.path.slice("/r/".length), scope: body.scope };
}

async function answerOf(token: string, query = ""): Promise<{ status: number; compare?: string; periods?: Record<string, { from: string; to: string }> }> {
  const res = await sharedData.GET(new Request(`http://localhost/r/${token}/data/overview?${query}`), { params: Promise.resolve({ token, report: "overview" }) });
  const body = (await res.json()) as { compare?: string; periods?: Record<string, { from: string; to: string }> };
  return { status: res.status, ...(body.compare ? { compare: body.compare, periods: body.periods } : {}) };
}

describe("share links and the compare choice", () => {
  it("a link made from a view compared with a year earlier shows its viewers that comparison, and says so", async () => {
    const { token, scope } = await create("range=custom&from=2026-11-01&to=2026-11-20&compare=yearAgo");
    expect(scope).toBe("2026-11-01 – 2026-11-20 · UTC days · compared with the same days a year earlier");
    const shown = await answerOf(token);
    expect(shown).toMatchObject({ status: 200, compare: "yearAgo" });
    expect(shown.periods?.yearAgo).toEqual({ from: "2025-11-01", to: "2025-11-20" });
    expect((await answerOf(token, "compare=yearAgo")).status).toBe(200);
    expect((await answerOf(token, "compare=previous")).status).toBe(403);
  });

  it("a link made from the default view compares with the previous period, as before", async () => {
    const { token, scope } = await create("range=custom&from=2026-11-01&to=2026-11-20");
    expect(scope).toBe("2026-11-01 – 2026-11-20 · UTC days");
    expect(await answerOf(token)).toMatchObject({ status: 200, compare: "previous" });
    expect((await answerOf(token, "compare=yearAgo")).status).toBe(403);
  });
});
