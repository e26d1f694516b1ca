/**
 * Chart annotations over their routes, as Next calls them, on the demo app's embedded database: made, listed for a
 * chart's days and scope (checked against the rule computed here on its own, over the notes the test made), edited
 * and deleted with every change in the log; bad input a 400 with {code, msg}; a viewer refused; a share link shows
 * exactly the notes its creator ticked, and a deleted one leaves the link (and its change log says so).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/annotations/route";
import * as oneRoute from "@/app/api/annotations/[id]/route";
import * as shareRoute from "@/app/api/share/route";
import { linkAnnotations } from "@/lib/annotations/share";
import { getDb } from "@/lib/db/client";
import { listShareLinkChanges } from "@/lib/share/change-log";
import { daysAt } from "@/lib/share/scope";
import { resolveShareToken } from "@/lib/share/store";
import { demoAppSuite } from "../support/demo-app";
import { knownInviteCodes } from "../support/known-codes";

const app = demoAppSuite("annotations", "analyst");
// The notes tied to invite code AAA need it known: an invitee signed up with it (lib/annotations/known-code.ts).
beforeAll(() => knownInviteCodes(["AAA"]));

type Body = Record<string, unknown>;
type Answer = { status: number; body: Body };
type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function send(handler: unknown, url: string, method: string, body?: unknown, params: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin", "content-type": "application/json" } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const response = await (handler as Handler)(new Request(`http://localhost${url}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Body) };
}
const list = (query = "") => send(listRoute.GET, `/api/annotations${query}`, "GET");
const create = (body: unknown) => send(listRoute.POST, "/api/annotations", "POST", body);
const one = (method: "GET" | "PATCH" | "DELETE", id: string, body?: unknown) => send((oneRoute as Record<string, unknown>)[method], `/api/annotations/${id}`, method, body, { id });
const items = (a: Answer) => (a.body.annotations as Array<Body & { id: string; day: string; text: string }>) ?? [];

/** The notes this test makes: day, text, code, sub. */
const NOTES = [
  { day: "2026-10-30", text: "Before the range", code: null, sub: null },
  { day: "2026-11-02", text: "Campaign launched", code: null, sub: null },
  { day: "2026-11-05", text: "Code AAA rate raised", code: "AAA", sub: null },
  { day: "2026-11-09", text: "Partner 1001 webinar", code: null, sub: "1001" },
  { day: "2026-11-12", text: "Partner 2002 left", code: null, sub: "2002" },
  { day: "2026-11-30", text: "Exchange outage", code: null, sub: null },
] as const;

/** The rule, written here on its own: in the days; untied, or the chart unnarrowed, or tied to what the chart is narrowed to. */
function expected(from: string, to: string, sub?: string, code?: string): string[] {
  return NOTES.filter((n) => n.day >= from && n.day <= to)
    .filter((n) => (n.code === null && n.sub === null) || (!sub && !code) || (sub !== undefined && n.sub === sub) || (code !== undefined && n.code === code))
    .map((n) => n.text);
}

describe("chart annotations", () => {
  it("are made, listed by a chart's days and scope, edited and deleted, every change logged", async () => {
    const ids: string[] = [];
    for (const n of NOTES) {
      const made = await create({ day: n.day, text: n.text, ...(n.code ? { code: n.code } : {}), ...(n.sub ? { subAffiliate: n.sub } : {}) });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ day: n.day, text: n.text, inviteCode: n.code, subAffiliateUid: n.sub, createdByEmail: "analyst@example.com" });
      ids.push(String(made.body.id));
    }
    const texts = (a: Answer) => items(a).map((x) => x.text);
    expect(texts(await list())).toEqual(expected("0000-01-01", "9999-12-31"));
    expect(texts(await list("?from=2026-11-01&to=2026-11-29"))).toEqual(expected("2026-11-01", "2026-11-29"));
    expect(texts(await list("?from=2026-11-01&to=2026-11-30&sub=1001"))).toEqual(expected("2026-11-01", "2026-11-30", "1001"));
    expect(texts(await list("?from=2026-11-01&to=2026-11-30&code=AAA"))).toEqual(expected("2026-11-01", "2026-11-30", undefined, "AAA"));
    expect(texts(await list("?from=2026-11-05&to=2026-11-05"))).toEqual(["Code AAA rate raised"]);

    const id = ids[1]!;
    const edited = await one("PATCH", id, { text: "Campaign launched (EU)", day: "2026-11-03", subAffiliate: "1001" });
    expect(edited).toMatchObject({ status: 200, body: { text: "Campaign launched (EU)", day: "2026-11-03", subAffiliateUid: "1001" } });
    expect((await one("PATCH", id, { subAffiliate: "" })).body).toMatchObject({ subAffiliateUid: null });
    expect((await one("DELETE", id)).status).toBe(204);
    expect((await one("DELETE", id)).status).toBe(404);
    expect(texts(await list("?from=2026-11-01&to=2026-11-04"))).toEqual([]);
    // The log outlives the note: newest first, who and what.
    const log = await one("GET", id);
    expect(log.status).toBe(200);
    const entries = log.body.log as Array<{ action: string; actorEmail: string; before: Body | null; after: Body | null }>;
    expect(entries.map((e) => e.action)).toEqual(["delete", "update", "update", "create"]);
    expect(entries.every((e) => e.actorEmail === "analyst@example.com")).toBe(true);
    expect(entries[2]).toMatchObject({ before: { text: "Campaign launched", day: "2026-11-02" }, after: { text: "Campaign launched (EU)", day: "2026-11-03" } });
    expect(entries[0]!.after).toBeNull();
    expect((await one("PATCH", "ann_nope", { text: "x" })).status).toBe(404);
    expect((await one("PATCH", "not-an-id", { text: "x" })).status).toBe(404);
  });

  it("answer bad input with a 400 and {code, msg}, never a 500", async () => {
    const bad: unknown[] = [
      { day: "2026-02-30", text: "no such day" },
      { day: "26-11-01", text: "short year" },
      { day: "2026-11-01", text: "" },
      { day: "2026-11-01", text: "   " },
      { day: "2026-11-01", text: "x".repeat(281) },
      { day: "2026-11-01", text: "ok", code: "bad code!" },
      { day: "2026-11-01", text: "ok", subAffiliate: "12ab" },
      { day: "2026-11-01", text: "ok", extra: 1 },
      { text: "no day" },
      "not json",
      [],
    ];
    for (const body of bad) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: "BAD_REQUEST" });
      expect(typeof answer.body.msg).toBe("string");
    }
    expect((await create({ day: "2026-11-01", text: "x".repeat(280) })).status).toBe(201);
    for (const query of ["?from=2026-11-01", "?from=2026-11-09&to=2026-11-01", "?from=x&to=y", "?sub=abc", "?what=1"]) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: "BAD_REQUEST" });
    }
    const first = items(await list())[0]!;
    expect((await one("PATCH", first.id, {})).status).toBe(400);
    expect((await one("PATCH", first.id, { text: "y".repeat(281) })).status).toBe(400);
  });

  it("show on a share link exactly as its creator chose: none by default, the ticked ones, never a deleted one", async () => {
    const db = await getDb();
    const inRange = items(await list("?from=2026-11-01&to=2026-11-30"));
    const [a, b] = inRange.filter((x) => x.text === "Exchange outage" || x.text === "Code AAA rate raised");
    const share = (annotationIds?: string[]) =>
      send(shareRoute.POST, "/api/share", "POST", { report: "overview", query: "from=2026-11-01&to=2026-11-30", mode: "live", expiry: "7d", label: "annotations test", ...(annotationIds ? { annotationIds } : {}) });
    const shown = async (path: unknown) => {
      const open = await resolveShareToken(db, String(path).replace("/r/", ""));
      return (await linkAnnotations(db, open!.link, open!.report, { ...open!.scope, ...daysAt(open!.scope, new Date()) })).map((x) => x.text);
    };
    const plain = await share();
    expect(plain.status).toBe(201);
    expect(await shown(plain.body.path)).toEqual([]);
    const chosen = await share([a!.id]);
    expect(chosen.status).toBe(201);
    expect(await shown(chosen.body.path)).toEqual([a!.text]);
    // A note outside the view's days cannot be put on its link.
    const outside = items(await list()).find((x) => x.text === "Before the range")!;
    expect(await share([outside.id])).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect((await share(["not-an-id"])).status).toBe(400);
    // Deleting the chosen note takes it off the link, and the link's change log says so.
    expect((await one("DELETE", a!.id)).status).toBe(204);
    expect(await shown(chosen.body.path)).toEqual([]);
    const changes = await listShareLinkChanges(db, String(chosen.body.id));
    expect(JSON.stringify(changes)).toContain("deleted, no longer shown");
    expect(b).toBeDefined();
  });

  it("are the analysts': a viewer can neither read nor write them, nor edit or delete one an analyst made", async () => {
    const made = await create({ day: "2026-11-20", text: "Kept from viewers" });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    app.role = "viewer";
    try {
      expect((await list()).status).toBe(403);
      expect((await create({ day: "2026-11-01", text: "viewer" })).status).toBe(403);
      expect((await one("GET", id)).status).toBe(403);
      expect((await one("PATCH", id, { text: "changed by a viewer" })).status).toBe(403);
      expect((await one("DELETE", id)).status).toBe(403);
    } finally {
      app.role = "analyst";
    }
    // Neither refused call changed it; it goes again so the other tests' lists stay as they wrote them.
    expect(items(await list("?from=2026-11-20&to=2026-11-20")).find((n) => n.id === id)).toMatchObject({ day: "2026-11-20", text: "Kept from viewers" });
    expect((await one("DELETE", id)).status).toBe(204);
  });
});
