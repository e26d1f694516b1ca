/**
 * Saved views through the real routes, on the app as demo mode runs it (issue
 * #27): who sees and changes what (a private view is its owner's alone — a 404
 * to anyone else; a team view everyone's; viewers neither save nor read), the
 * query checked as the report's own URL (unknown or unusable parameters are a
 * 400 {code,msg}), every change in the log, and share links and digests that
 * remember the view they were made from.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as digestsRoute from "@/app/api/digests/route";
import * as viewLogRoute from "@/app/api/saved-views/[id]/log/route";
import * as viewRoute from "@/app/api/saved-views/[id]/route";
import * as viewsRoute from "@/app/api/saved-views/route";
import * as shareRoute from "@/app/api/share/route";
import { setSessionUserResolver } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { digests, savedViewLog, shareLinks } from "@/lib/db/schema";
import type { ShareLinkListItem } from "@/lib/share/manage";
import type { SavedView, SavedViewLogEntry, SavedViewsAnswer } from "@/lib/saved-views/types";
import { demoAppSuite } from "../support/demo-app";
import { PEOPLE, type Person } from "../support/invitee-work";
import { routeCaller, type RouteTable } from "../support/route-caller";

demoAppSuite("saved-views", "analyst");

const ROUTES: RouteTable = [
  { pattern: /^\/api\/saved-views$/, keys: [], module: viewsRoute },
  { pattern: /^\/api\/saved-views\/([^/]*)$/, keys: ["id"], module: viewRoute },
  { pattern: /^\/api\/saved-views\/([^/]*)\/log$/, keys: ["id"], module: viewLogRoute },
  { pattern: /^\/api\/share$/, keys: [], module: shareRoute },
  { pattern: /^\/api\/digests$/, keys: [], module: digestsRoute },
];
const call = routeCaller(ROUTES, "saved-views");

let person: Person = "alice";
const as = (next: Person) => {
  person = next;
};
let restore: () => void = () => {};
beforeAll(() => {
  restore = setSessionUserResolver(async () => ({ ...PEOPLE[person] }));
});
afterAll(() => restore());

const save = (body: Record<string, unknown>) => call<SavedView>("POST", "/api/saved-views", body);
const names = async () => (await call<SavedViewsAnswer>("GET", "/api/saved-views")).body.views.map((v) => v.name);
const actions = async (id: string) => (await call<{ entries: SavedViewLogEntry[] }>("GET", `/api/saved-views/${id}/log`)).body.entries.map((e) => e.action);

describe("saved views", () => {
  it("viewers neither save nor read views (reports need the analyst role): their navigation lists none", async () => {
    as("viewer");
    expect((await call("GET", "/api/saved-views")).body).toEqual({ views: [] });
    expect((await save({ name: "Mine", report: "overview" })).status).toBe(403);
  });

  it("a private view is its owner's alone; a team view is everyone's, but only its owner changes who sees it and only owner or admin deletes", async () => {
    as("alice");
    const secret = await save({ name: "Alice's USDT week", report: "commissions", query: "?range=7d&coin=USDT", pinned: true });
    expect(secret.status).toBe(201);
    expect(secret.body).toMatchObject({ visibility: "private", pinned: true, query: "range=7d&coin=USDT", mine: true, href: "/commissions?range=7d&coin=USDT", reportTitle: "Commissions" });
    expect(secret.body.scope).toMatch(/USDT/);
    const team = (await save({ name: "Dormant invitees", report: "invitees", query: "status=dormant", visibility: "team" })).body;
    const detail = (await save({ name: "One invitee", report: "invitee", query: "uid=12345&range=30d", visibility: "team" })).body;
    expect(detail.href).toBe("/invitees/12345?range=30d");

    as("bob");
    expect(await names()).toEqual(["Dormant invitees", "One invitee"]);
    for (const [method, path, body] of [
      ["PATCH", `/api/saved-views/${secret.body.id}`, { name: "mine now" }],
      ["DELETE", `/api/saved-views/${secret.body.id}`, undefined],
      ["GET", `/api/saved-views/${secret.body.id}/log`, undefined],
      ["PATCH", "/api/saved-views/sv_nothing", { name: "x" }],
      ["PATCH", "/api/saved-views/not-an-id", { name: "x" }],
    ] as const) {
      const answer = await call<{ code: string; msg: string }>(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ code: "NOT_FOUND", msg: "no such saved view" });
    }
    // The same name is free for Bob's own private view, not for a second team view.
    expect((await save({ name: "alice's usdt week", report: "overview" })).status).toBe(201);
    const clash = await save({ name: "DORMANT invitees", report: "invitees", visibility: "team" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "NAME_TAKEN" });

    const renamed = await call<SavedView>("PATCH", `/api/saved-views/${team.id}`, { name: "Dormant, team", pinned: true });
    expect(renamed.body).toMatchObject({ name: "Dormant, team", pinned: true, mine: false, canDelete: false, ownerEmail: PEOPLE.alice.email });
    expect((await call("PATCH", `/api/saved-views/${team.id}`, { visibility: "private" })).status).toBe(403);
    expect((await call("DELETE", `/api/saved-views/${team.id}`)).status).toBe(403);

    as("admin");
    expect(await names()).toEqual(["Dormant, team", "One invitee"]);
    expect((await call("DELETE", `/api/saved-views/${detail.id}`)).status).toBe(204);
    as("alice");
    expect(await names()).toEqual(["Alice's USDT week", "Dormant, team"]);
  });

  it("refuses what is not a view of the report with a 400 {code,msg}", async () => {
    as("alice");
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: "x", report: "nope" }, /report/],
      [{ name: "x", report: "commissions", query: "coin=USDT&foo=1" }, /foo: not a parameter of this report/],
      [{ name: "x", report: "overview", query: "status=dormant" }, /status: not a parameter/],
      [{ name: "x", report: "commissions", query: "coin=DOGE" }, /coin/],
      [{ name: "x", report: "commissions", query: "range=7d&range=30d" }, /range: given more than once/],
      [{ name: "x".repeat(121), report: "overview" }, /name/],
      [{ name: "   ", report: "overview" }, /name/],
      [{ name: "x", report: "overview", visibility: "public" }, /visibility/],
      [{ name: "x", report: "overview", owner: "bob" }, /.+/],
    ];
    for (const [body, msg] of cases) {
      const answer = await call<{ code: string; msg: string }>("POST", "/api/saved-views", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("BAD_REQUEST");
      expect(answer.body.msg).toEqual(expect.any(String));
      // Body refusals name their field in `issues`; query refusals say it in `msg`.
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toMatch(msg);
    }
    const view = (await save({ name: "Spot", report: "commissions", query: "product=SPOT" })).body;
    expect((await call("PATCH", `/api/saved-views/${view.id}`, { query: "status=dormant" })).status).toBe(400); // of Invitees, not Commissions
    expect((await call("PATCH", `/api/saved-views/${view.id}`, {})).status).toBe(400);
    expect((await call("PATCH", `/api/saved-views/${view.id}`, "not json")).status).toBe(400);
  });

  it("logs create, rename, update, pin, unpin, visibility and delete with before and after", async () => {
    as("alice");
    const view = (await save({ name: "Futures", report: "commissions", query: "product=FUTURES" })).body;
    await call("PATCH", `/api/saved-views/${view.id}`, { name: "Futures, 90 days" });
    await call("PATCH", `/api/saved-views/${view.id}`, { query: "product=FUTURES&range=90d" });
    await call("PATCH", `/api/saved-views/${view.id}`, { query: "product=FUTURES&range=90d" }); // no change: no row
    await call("PATCH", `/api/saved-views/${view.id}`, { pinned: true });
    await call("PATCH", `/api/saved-views/${view.id}`, { pinned: false, visibility: "team" });
    // One PATCH changing two things: a row each, in the order the store writes them (visibility, then the pin).
    expect(await actions(view.id)).toEqual(["unpin", "visibility", "pin", "update", "rename", "create"]);
    const entries = (await call<{ entries: SavedViewLogEntry[] }>("GET", `/api/saved-views/${view.id}/log`)).body.entries;
    expect(entries.find((e) => e.action === "rename")?.summary).toBe("Renamed “Futures” to “Futures, 90 days”");
    expect(entries.find((e) => e.action === "update")?.summary).toBe("Updated the view from ?product=FUTURES to ?product=FUTURES&range=90d");
    expect(entries.every((e) => e.actorEmail === PEOPLE.alice.email)).toBe(true);

    expect((await call("DELETE", `/api/saved-views/${view.id}`)).status).toBe(204);
    expect((await call("GET", `/api/saved-views/${view.id}/log`)).status).toBe(404);
    const rows = await (await getDb()).select().from(savedViewLog).where(eq(savedViewLog.savedViewId, view.id));
    const deleted = rows.find((r) => r.action === "delete");
    expect(deleted).toMatchObject({ after: null, before: { name: "Futures, 90 days", query: "product=FUTURES&range=90d", visibility: "team", pinned: false } });
  });

  it("a share link and a digest made from a view remember it; a view of another report, or one not seen, is refused", async () => {
    as("alice");
    const view = (await save({ name: "Weekly USDT", report: "commissions", query: "range=7d&coin=USDT", visibility: "team" })).body;
    const link = await call<{ id: string }>("POST", "/api/share", { report: "commissions", query: view.query, mode: "live", expiry: "7d", label: "From the view", savedViewId: view.id });
    expect(link.status).toBe(201);
    const db = await getDb();
    expect((await db.select().from(shareLinks).where(eq(shareLinks.id, link.body.id)))[0]?.savedViewId).toBe(view.id);
    const listed = (await call<{ links: ShareLinkListItem[] }>("GET", "/api/share")).body.links.find((l) => l.id === link.body.id);
    expect(listed?.fromView).toBe("Weekly USDT");

    const digestBody = { report: "commissions", query: view.query, label: view.name, schedule: { kind: "daily", time: "08:00", timeZone: "UTC" }, mailTo: ["partner@example.com"], savedViewId: view.id };
    const digest = await call<{ digest: { id: string } }>("POST", "/api/digests", digestBody);
    expect(digest.status).toBe(201);
    expect((await db.select().from(digests).where(eq(digests.id, digest.body.digest.id)))[0]?.savedViewId).toBe(view.id);

    expect((await call("POST", "/api/digests", { ...digestBody, report: "overview" })).status).toBe(400);
    as("bob");
    const bobs = (await save({ name: "Bob's own", report: "commissions" })).body;
    as("alice");
    expect((await call("POST", "/api/share", { report: "commissions", query: "", mode: "live", expiry: "7d", label: "x", savedViewId: bobs.id })).status).toBe(404);
    expect((await call("POST", "/api/digests", { ...digestBody, savedViewId: "sv_gone" })).status).toBe(404);
  });
});
