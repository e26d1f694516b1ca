/**
 * The directory by the team's own records (issue #27): filtered by a tag (any case) and by follow-up state, "none"
 * and "due" — each against the set the test itself tagged and followed up, and dormancy read from the world's raw
 * invitees; a bulk tag of a filtered view tags exactly that view; the chips' batch read; the app's CSV carries the
 * team's columns and a share link's does not, nor can a share link's viewer filter by a tag. Ordered by tags or
 * follow-up against the order the test's own records give; a share link drops those orders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { getDb } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { call, CONNECTION, PEOPLE } from "../support/invitee-work";
import { demoAppSuite } from "../support/demo-app";
import { checkReportParams } from "@/lib/reports/report-params";
import { reportApi, reportExportApi } from "../support/report-routes";
import { loadInvitees } from "../support/warehouse";
import { setSessionUserResolver } from "@/lib/auth/session";

demoAppSuite("invitee-directory-team", "analyst");
const NOW = Date.now();
const DAY = 86_400_000;
const world = createAffiliateWorld({ seed: 71, invitees: 120, days: 30, subAffiliates: 1, restate: false }, NOW);
const users = world.invitedUsers(NOW);
const uids = users.map((u) => u.uid);
const today = new Date(NOW).toISOString().slice(0, 10);
const dayAt = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10);
/** Dormant at 7 days, from the raw rows: traded, and not in the last 7 days. */
const dormant = new Set(users.filter((u) => u.lastTrade !== null && u.lastTrade < NOW - 7 * DAY).map((u) => u.uid));

// Every third invitee, and the first two dormant ones: which invitees are dormant moves with the day the test runs on
// (the world is built back from now), and the tag-and-dormant filter needs some of them tagged whatever the day.
// (Past the first eight, whose tags and follow-ups the tests below set one by one.)
const TAGGED = [...new Set([...uids.filter((_, i) => i % 3 === 0), ...uids.filter((u, i) => i > 7 && dormant.has(u)).slice(0, 2)])];
const FOLLOWED: ReadonlyArray<[string, "to_contact" | "contacted" | "replied" | "not_interested", string | null]> = [
  [uids[1]!, "to_contact", dayAt(-2)],
  [uids[2]!, "to_contact", dayAt(5)],
  [uids[4]!, "contacted", today],
  [uids[5]!, "replied", null],
  [uids[7]!, "not_interested", dayAt(-30)],
];

let restore = () => {};
beforeAll(async () => {
  await loadInvitees(await getDb(), CONNECTION, world, NOW);
  restore = setSessionUserResolver(async () => ({ ...PEOPLE.alice }));
  expect((await call("POST", "/api/invitee-tags/bulk", { uids: TAGGED, add: ["Reactivate-Nov"] })).status).toBe(200);
  for (const [uid, state, dueOn] of FOLLOWED) {
    expect((await call("PUT", `/api/invitees/${uid}/follow-up`, { state, ...(dueOn ? { dueOn } : {}) })).status).toBe(200);
  }
});
afterAll(() => restore());

type Directory = { roster: { rows: Array<{ uid: string }>; total: number } };
async function directory(query: string): Promise<{ uids: Set<string>; total: number }> {
  const res = await reportApi.GET(new Request(`http://localhost/api/reports/invitees?range=30d&pageSize=200&${query}`));
  expect(res.status, query).toBe(200);
  const { roster } = (await res.json()) as Directory;
  return { uids: new Set(roster.rows.map((r) => r.uid)), total: roster.total };
}
const setOf = (list: Iterable<string>) => new Set(list);

describe("the invitee directory by the team's tags and follow-ups", () => {
  it("filters by a tag in any case, by each follow-up state, by none and by due, and with the other filters", async () => {
    expect(await directory("tag=reactivate-nov")).toEqual({ uids: setOf(TAGGED), total: TAGGED.length });
    expect((await directory("tag=REACTIVATE-NOV")).total).toBe(TAGGED.length);
    expect(await directory("tag=nobody-has-this")).toEqual({ uids: new Set(), total: 0 });
    for (const state of ["to_contact", "contacted", "replied", "not_interested"] as const) {
      const expected = FOLLOWED.filter(([, s]) => s === state).map(([uid]) => uid);
      expect(await directory(`followUp=${state}`), state).toEqual({ uids: setOf(expected), total: expected.length });
    }
    const none = uids.filter((uid) => !FOLLOWED.some(([u]) => u === uid));
    expect((await directory("followUp=none")).total).toBe(none.length);
    // Due today or before, whatever the state: an overdue one to contact, one due today, one long past (not interested).
    const due = FOLLOWED.filter(([, , d]) => d !== null && d <= today).map(([uid]) => uid);
    expect(await directory("followUp=due"), "due").toEqual({ uids: setOf(due), total: due.length });
    const taggedDormant = TAGGED.filter((uid) => dormant.has(uid));
    expect(taggedDormant.length, "the world has tagged dormant invitees").toBeGreaterThan(0);
    expect(await directory("tag=reactivate-nov&status=dormant&dormantDays=7")).toEqual({ uids: setOf(taggedDormant), total: taggedDormant.length });
  });

  it("orders by tags (A → Z, untagged last) and by follow-up (state, then soonest due; none last), never on a share link", async () => {
    // Tags of its own on top of the common one: "alpha" before "reactivate-nov", and "reactivate-nov, zed" after it.
    expect((await call("PUT", `/api/invitees/${uids[1]}/tags`, { tags: ["Alpha"] })).status).toBe(200);
    expect((await call("PUT", `/api/invitees/${uids[3]}/tags`, { tags: ["Reactivate-Nov", "zed"] })).status).toBe(200);
    const byUid = (list: string[]) => [...list].sort();
    const tagged = [uids[1]!, ...byUid(TAGGED.filter((u) => u !== uids[3])), uids[3]!];
    const untagged = uids.filter((u) => !tagged.includes(u));
    const order = async (query: string) => {
      const res = await reportApi.GET(new Request(`http://localhost/api/reports/invitees?range=30d&pageSize=200&${query}`));
      expect(res.status, query).toBe(200);
      return ((await res.json()) as Directory).roster.rows.map((r) => r.uid);
    };
    const asc = await order("sort=tags&dir=asc");
    expect(asc.slice(0, tagged.length)).toEqual(tagged);
    expect(new Set(asc.slice(tagged.length))).toEqual(setOf(untagged));
    const desc = await order("sort=tags&dir=desc");
    expect(desc.slice(0, tagged.length)).toEqual([...tagged].reverse());
    expect(new Set(desc.slice(tagged.length))).toEqual(setOf(untagged));
    // Page two of ten continues the order where page one stopped.
    expect([...(await order("sort=tags&dir=asc&pageSize=10")), ...(await order("sort=tags&dir=asc&pageSize=10&page=2"))]).toEqual(asc.slice(0, 20));

    const followed = [uids[1]!, uids[2]!, uids[4]!, uids[5]!, uids[7]!]; // to contact (due −2, then +5), contacted, replied, not interested
    const byFollowUp = await order("sort=followUp&dir=asc");
    expect(byFollowUp.slice(0, followed.length)).toEqual(followed);
    expect(byFollowUp).toHaveLength(uids.length);

    const created = await shareList.POST(
      new Request("http://localhost/api/share", {
        method: "POST",
        body: JSON.stringify({ label: "ordered", expiry: "7d", report: "invitees", query: "range=30d&pageSize=200", mode: "live" }),
        headers: { "content-type": "application/json" },
      }),
    );
    const token = ((await created.json()) as { path: string }).path.slice("/r/".length);
    const params = { params: Promise.resolve({ token, report: "invitees" }) };
    const shared = async (query: string) =>
      ((await (await sharedData.GET(new Request(`http://localhost/r/${token}/data/invitees?pageSize=200&${query}`), params)).json()) as Directory).roster.rows.map((r) => r.uid);
    // The team's orders are dropped (the link's default order), while a column's order still applies.
    const plain = await shared("");
    expect(await shared("sort=tags&dir=asc")).toEqual(await shared("dir=asc"));
    expect(await shared("sort=followUp")).toEqual(plain);
    expect(await shared("sort=uid&dir=asc")).toEqual(byUid(uids));
  });

  it("refuses a bad team filter in the API (400 naming it) and falls back to every invitee on the page, saying so", async () => {
    const res = await reportApi.GET(new Request("http://localhost/api/reports/invitees?range=30d&followUp=later"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", param: "followUp" });
    const tooLong = await reportApi.GET(new Request(`http://localhost/api/reports/invitees?range=30d&tag=${"x".repeat(41)}`));
    expect(tooLong.status).toBe(400);
    const page = checkReportParams("invitees", new URLSearchParams("range=30d&followUp=later&tag=vip"), new Date(NOW));
    expect(page.issues.map((i) => i.param)).toEqual(["followUp"]);
    expect(page.query.get("followUp")).toBeNull();
    expect(page.query.get("tag")).toBe("vip");
  });

  it("tags exactly the invitees a directory view matches, and refuses naming them twice", async () => {
    const view = "range=30d&status=dormant&dormantDays=7&tag=reactivate-nov";
    const expected = TAGGED.filter((uid) => dormant.has(uid));
    const bulk = await call<{ invitees: number; added: number }>("POST", "/api/invitee-tags/bulk", { directory: view, add: ["wave-2"] });
    expect(bulk).toEqual({ status: 200, body: { invitees: expected.length, added: expected.length, removed: 0 } });
    expect(await directory("tag=wave-2")).toEqual({ uids: setOf(expected), total: expected.length });
    expect((await call("POST", "/api/invitee-tags/bulk", { directory: view, uids: [uids[0]], add: ["x"] })).status).toBe(400);
    const bad = await call<{ code: string }>("POST", "/api/invitee-tags/bulk", { directory: "status=sleeping", add: ["x"] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("BAD_REQUEST");
  });

  it("reads the chips of a page's invitees in one answer, and refuses more than a page or a bad uid", async () => {
    const asked = [TAGGED[0]!, uids[1]!, uids[5]!];
    const { status, body } = await call<{ invitees: Record<string, { tags: Array<{ name: string }>; followUp: { state: string } | null }> }>(
      "GET",
      `/api/invitee-work?uids=${asked.join(",")}`,
    );
    expect(status).toBe(200);
    expect(body.invitees[TAGGED[0]!]!.tags.map((t) => t.name)).toContain("Reactivate-Nov");
    expect(body.invitees[uids[1]!]!.followUp?.state).toBe("to_contact");
    expect(Object.keys(body.invitees).sort()).toEqual([...asked].sort());
    expect((await call("GET", `/api/invitee-work?uids=${Array.from({ length: 201 }, (_, i) => String(1000 + i)).join(",")}`)).status).toBe(400);
    expect((await call("GET", "/api/invitee-work?uids=12,abc")).status).toBe(400);
  });

  it("exports the team's columns in the app's CSV only; a share link's viewer cannot filter by a tag", async () => {
    const csv = await (await reportExportApi.GET(new Request("http://localhost/api/reports/invitees/export?range=30d&table=roster&tag=reactivate-nov"))).text();
    const [header, ...lines] = csv.trim().split("\n").filter((l) => /^\d|^"?uid|Tags/i.test(l));
    expect(header).toContain("Tags (your team's)");
    expect(header).toContain("Follow-up (your team's)");
    expect(lines).toHaveLength(TAGGED.length);
    for (const line of lines) expect(line).toContain("Reactivate-Nov");

    const created = await shareList.POST(
      new Request("http://localhost/api/share", {
        method: "POST",
        body: JSON.stringify({ label: "directory", expiry: "7d", report: "invitees", query: "range=30d&tag=reactivate-nov", mode: "live" }),
        headers: { "content-type": "application/json" },
      }),
    );
    expect(created.status).toBe(201);
    const token = ((await created.json()) as { path: string }).path.slice("/r/".length);
    const params = { params: Promise.resolve({ token, report: "invitees" }) };
    const shared = async (query: string) => ((await (await sharedData.GET(new Request(`http://localhost/r/${token}/data/invitees?${query}`), params)).json()) as Directory).roster.total;
    // The link shows every invitee, whatever its maker's tag filter and whatever its viewer adds.
    expect(await shared("")).toBe(uids.length);
    expect(await shared("tag=reactivate-nov")).toBe(uids.length);
    expect(await shared("followUp=due")).toBe(uids.length);
    const sharedCsv = await (await sharedExport.GET(new Request(`http://localhost/r/${token}/data/invitees/export?table=roster&tag=reactivate-nov`), params)).text();
    expect(sharedCsv).not.toMatch(/Tags \(your team's\)|Reactivate-Nov|Follow-up \(your team's\)/);
  });
});
