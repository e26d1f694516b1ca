/**
 * Invitee work never leaks into reports or share links (issue #27): notes, tag
 * names and follow-ups carrying a distinctive marker are put on several
 * invitees (the invitee page's own among them), then every report answer (and
 * its second page), every report table's CSV, and every share link's answers
 * and CSVs, live and snapshot, unmasked, are walked: the marker is in none —
 * but the app's own directory CSV, whose team columns carry it by design.
 * Modelled on share-redaction.test.ts, which walks the same answers for uids.
 */
import { describe, expect, it } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb } from "@/lib/db/client";
import { tableIds } from "@/lib/reports/contracts";
import { REPORT_NAMES, type ReportName } from "@/lib/reports/names";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { demoAppSuite } from "../support/demo-app";
import { call } from "../support/invitee-work";
import { reportApi, reportExportApi } from "../support/report-routes";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "../support/warehouse";

demoAppSuite("invitee-work-leaks", "analyst");
const CONNECTION = "sandbox";
const NOW = Date.now();
const RANGE = "range=30d";
const world = createAffiliateWorld({ seed: 61, invitees: 150, days: 45, subAffiliates: 2, restate: false }, NOW);
/** In every note, tag name and (as far as a state allows) follow-up: matched in any case. */
const MARKER = "zqxleakmark";
/** A due day no report shows (far outside any range). */
const MARKED_DAY = "2097-06-13";
/** Reports whose paged table has a second page in this world (found while walking the app's answers). */
const PAGED = new Set<ReportName>();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Whether an answer's paged table has more than one page (an object with `total` and `pageSize` anywhere in it). */
function hasSecondPage(value: Json): boolean {
  if (Array.isArray(value)) return value.some(hasSecondPage);
  if (value === null || typeof value !== "object") return false;
  if (typeof value.total === "number" && typeof value.pageSize === "number") return value.total > value.pageSize;
  return Object.values(value).some(hasSecondPage);
}

/** The detail page's invitee: the top USDT earner of the range, so its view is full. */
const DETAIL_UID = (() => {
  const byUid = new Map<string, number>();
  for (const r of world.commissionItems(NOW)) if (r.coin === "USDT" && r.date >= NOW - 29 * 86_400_000) byUid.set(r.uid, (byUid.get(r.uid) ?? 0) + Number(r.commission));
  return [...byUid].sort((a, b) => b[1] - a[1])[0]![0];
})();
const NEEDS: Partial<Record<ReportName, string>> = { "sub-affiliate": `&uid=${world.subAffiliateRecords(NOW)[0]!.subAffiliateUid}`, invitee: `&uid=${DETAIL_UID}` };
const viewOf = (report: ReportName) => `${RANGE}${NEEDS[report] ?? ""}`;

async function markInvitees(): Promise<string[]> {
  const db = await getDb();
  await loadInvitees(db, CONNECTION, world, NOW);
  await loadCommissions(db, CONNECTION, world, NOW);
  await loadSubAffiliates(db, CONNECTION, world, NOW);
  await loadTradeAssetDays(db, CONNECTION, world, NOW, 30);
  const uids = [DETAIL_UID, ...world.invitedUsers(NOW).slice(0, 25).map((u) => u.uid)];
  const states = ["to_contact", "contacted", "replied", "not_interested"] as const;
  for (const [i, uid] of uids.entries()) {
    expect((await call("POST", `/api/invitees/${uid}/notes`, { body: `Called ${MARKER} about the ${MARKER.toUpperCase()} offer` })).status).toBe(201);
    expect((await call("PUT", `/api/invitees/${uid}/tags`, { tags: [`${MARKER}-vip`, `VIP-${MARKER}`] })).status).toBe(200);
    expect((await call("PUT", `/api/invitees/${uid}/follow-up`, { state: states[i % states.length], dueOn: MARKED_DAY })).status).toBe(200);
  }
  expect((await call("POST", "/api/invitee-tags", { name: `${MARKER} spare`, color: "red" })).status).toBe(201);
  return uids;
}

function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return [MARKER, MARKED_DAY].filter((m) => lower.includes(m));
}

async function appTexts(report: ReportName): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  const view = viewOf(report);
  for (const query of [view, `${view}&page=2`]) {
    if (query !== view && !PAGED.has(report)) continue;
    const res = await reportApi.GET(new Request(`http://localhost/api/reports/${report}?${query}`));
    expect(res.status, `${report}?${query}`).toBe(200);
    const text = await res.text();
    if (query === view && hasSecondPage(JSON.parse(text) as Json)) PAGED.add(report);
    out.push([`${report}?${query}`, text]);
  }
  for (const table of tableIds(report)) {
    const res = await reportExportApi.GET(new Request(`http://localhost/api/reports/${report}/export?${view}&table=${table}`));
    expect(res.status, `${report}/${table}`).toBe(200);
    out.push([`${report}/${table}.csv`, await res.text()]);
  }
  return out;
}

async function sharedTexts(report: ReportName, mode: "live" | "snapshot"): Promise<Array<[string, string]>> {
  const created = await shareList.POST(
    new Request("http://localhost/api/share", {
      method: "POST",
      body: JSON.stringify({ label: "leaks", expiry: "7d", report, query: viewOf(report), mode }),
      headers: { "content-type": "application/json" },
    }),
  );
  expect(created.status, await created.clone().text()).toBe(201);
  const token = ((await created.json()) as { path: string }).path.slice("/r/".length);
  const params = { params: Promise.resolve({ token, report }) };
  const out: Array<[string, string]> = [];
  for (const query of PAGED.has(report) ? ["", "page=2"] : [""]) {
    const res = await sharedData.GET(new Request(`http://localhost/r/${token}/data/${report}?${query}`), params);
    expect(res.status, `${report} ${mode} ${query}`).toBe(200);
    out.push([`shared ${mode} ${report}?${query}`, await res.text()]);
  }
  for (const table of tableIds(report)) {
    const res = await sharedExport.GET(new Request(`http://localhost/r/${token}/data/${report}/export?table=${table}`), params);
    expect(res.status, `${report}/${table} ${mode}`).toBe(200);
    out.push([`shared ${mode} ${report}/${table}.csv`, await res.text()]);
  }
  return out;
}

describe("invitee work never leaks into reports or share links", () => {
  it("no report answer, export, or share view (live or snapshot) carries a note, tag name or follow-up", async () => {
    const marked = await markInvitees();
    // The walk means something: the work is there, on invitees the reports show.
    const work = await call<{ notes: unknown[]; tags: unknown[] }>("GET", `/api/invitees/${DETAIL_UID}/work`);
    expect(JSON.stringify(work.body).toLowerCase()).toContain(MARKER);
    let walked = 0;
    let showsMarked = false;
    for (const report of REPORT_NAMES) {
      const texts = [...(await appTexts(report)), ...(await sharedTexts(report, "live")), ...(await sharedTexts(report, "snapshot"))];
      for (const [where, text] of texts) {
        // The app's own directory CSV is the one place the team's records are exported (lib/invitee-work/csv-columns.ts).
        if (where === `invitees/roster.csv`) {
          expect(text.toLowerCase(), where).toContain(MARKER);
          continue;
        }
        expect(leaks(text), where).toEqual([]);
        if (marked.some((uid) => text.includes(uid))) showsMarked = true;
        walked++;
      }
    }
    expect(showsMarked).toBe(true);
    expect(walked).toBeGreaterThan(REPORT_NAMES.length * 3);
    expect(PAGED.has("invitees"), "the directory's second page is walked too").toBe(true);
  });
});
