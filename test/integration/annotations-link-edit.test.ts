/**
 * Changing which notes a share link shows after it is made (PATCH /api/share/<id> `annotationIds`), over the app's
 * routes on the demo app's embedded database: the link's page then reads exactly the new choice, the list answers
 * it, the link's change log names each note added and removed; an id not on the view's charts is a 400 that changes
 * nothing; a chosen note not on the view now is kept; a viewer is refused. The expected notes are worked out here
 * from the notes this test made, never by the code under test.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/annotations/route";
import * as oneRoute from "@/app/api/annotations/[id]/route";
import * as shareRoute from "@/app/api/share/route";
import * as linkRoute from "@/app/api/share/[id]/route";
import { linkAnnotations } from "@/lib/annotations/share";
import { getDb } from "@/lib/db/client";
import { listShareLinkChanges } from "@/lib/share/change-log";
import { daysAt } from "@/lib/share/scope";
import { resolveShareToken } from "@/lib/share/store";
import { demoAppSuite } from "../support/demo-app";
import { knownInviteCodes } from "../support/known-codes";
import { routeCaller, type RouteTable } from "../support/route-caller";

const app = demoAppSuite("annotations-link-edit", "analyst");
// The notes tied to invite code AAA need it known: an invitee signed up with it (lib/annotations/known-code.ts).
beforeAll(() => knownInviteCodes(["AAA"]));

type Body = Record<string, unknown>;
const ROUTES: RouteTable = [
  { pattern: /^\/api\/annotations$/, keys: [], module: listRoute },
  { pattern: /^\/api\/annotations\/([^/]*)$/, keys: ["id"], module: oneRoute },
  { pattern: /^\/api\/share$/, keys: [], module: shareRoute },
  { pattern: /^\/api\/share\/([^/]*)$/, keys: ["id"], module: linkRoute },
];
const call = routeCaller(ROUTES, "annotations-link-edit");

/** The notes this test makes; the link's view is the Overview of 1–20 Nov 2026 (fixed days, narrowed to nothing). */
const NOTES = {
  launch: { day: "2026-11-02", text: "Launch" },
  rate: { day: "2026-11-05", text: "Code AAA rate raised", code: "AAA" },
  webinar: { day: "2026-11-09", text: "Partner 1001 webinar", subAffiliate: "1001" },
  before: { day: "2026-10-20", text: "Before the range" },
} as const;
type Name = keyof typeof NOTES;
const FROM = "2026-11-01";
const TO = "2026-11-20";

/** What the link's page shows of the chosen notes, worked out here: those in its days (the view is narrowed to nothing), by day. */
const expectedTexts = (chosen: readonly Name[], days: Partial<Record<Name, string>> = {}) =>
  chosen
    .map((name) => ({ day: days[name] ?? NOTES[name].day, text: NOTES[name].text }))
    .filter((n) => n.day >= FROM && n.day <= TO)
    .sort((a, b) => (a.day < b.day ? -1 : 1))
    .map((n) => n.text);

describe("a share link's notes, changed after it is made", () => {
  it("show exactly the new choice, each note added and removed in the link's change log; bad ids change nothing; viewers are refused", async () => {
    const db = await getDb();
    const ids = {} as Record<Name, string>;
    for (const name of Object.keys(NOTES) as Name[]) {
      const made = await call("POST", "/api/annotations", NOTES[name]);
      expect(made.status).toBe(201);
      ids[name] = String(made.body.id);
    }
    const made = await call("POST", "/api/share", {
      report: "overview",
      query: `from=${FROM}&to=${TO}`,
      mode: "live",
      expiry: "7d",
      label: "notes edit test",
      annotationIds: [ids.launch],
    });
    expect(made.status).toBe(201);
    const linkId = String(made.body.id);
    const edit = (body: Body) => call("PATCH", `/api/share/${linkId}`, body);
    const shown = async () => {
      const open = await resolveShareToken(db, String(made.body.path).replace("/r/", ""));
      return (await linkAnnotations(db, open!.link, open!.report, { ...open!.scope, ...daysAt(open!.scope, new Date()) })).map((n) => n.text);
    };
    const listed = async () => {
      const answer = await call("GET", "/api/share");
      const link = (answer.body.links as Array<{ id: string; annotationIds: string[]; viewQuery: string }>).find((l) => l.id === linkId)!;
      return { ids: [...link.annotationIds].sort(), viewQuery: link.viewQuery };
    };
    const idsOf = (names: Name[]) => names.map((n) => ids[n]).sort();
    const log = () => listShareLinkChanges(db, linkId);
    expect(await shown()).toEqual(expectedTexts(["launch"]));
    // The edit form lists the notes of the link's view: the list says which view and which notes are chosen.
    expect(await listed()).toEqual({ ids: idsOf(["launch"]), viewQuery: expect.stringContaining(`from=${FROM}&to=${TO}`) });

    // Launch off, the code's and the sub-affiliate's notes on (the view is narrowed to nothing, so both are on it).
    const changed = await edit({ annotationIds: [ids.rate, ids.webinar] });
    expect(changed.status).toBe(200);
    expect(await shown()).toEqual(expectedTexts(["rate", "webinar"]));
    expect((await listed()).ids).toEqual(idsOf(["rate", "webinar"]));
    const [entry] = await log();
    expect(entry!.byEmail).toBe("analyst@example.com");
    expect(entry!.changes).toEqual([
      { field: "annotations", from: "2026-11-05 Code AAA rate raised", to: "added to the link" },
      { field: "annotations", from: "2026-11-09 Partner 1001 webinar", to: "added to the link" },
      { field: "annotations", from: "2026-11-02 Launch", to: "removed from the link" },
    ]);

    // The same choice again is no change: nothing logged. With a label in the same edit: one entry holding both.
    expect((await edit({ annotationIds: [ids.webinar, ids.rate, ids.rate] })).body).toMatchObject({ changes: [] });
    expect(await log()).toHaveLength(1);
    expect((await edit({ label: "notes edit test 2", annotationIds: [ids.rate] })).status).toBe(200);
    const [both] = await log();
    expect(both!.changes).toEqual([
      { field: "label", from: "notes edit test", to: "notes edit test 2" },
      { field: "annotations", from: "2026-11-09 Partner 1001 webinar", to: "removed from the link" },
    ]);
    expect(await shown()).toEqual(expectedTexts(["rate"]));

    // A note outside the view's days, a malformed id, an unknown one: 400 {code, msg}, and the choice and log stay.
    for (const bad of [[ids.before], [ids.launch, ids.before], ["not-an-id"], ["ann_nope"], "x"]) {
      const answer = await edit({ annotationIds: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ code: "BAD_REQUEST", msg: expect.any(String) });
    }
    expect(await shown()).toEqual(expectedTexts(["rate"]));
    expect(await log()).toHaveLength(2);

    // A chosen note moved off the view cannot be ticked in the dialog, so an edit of the choice keeps it: moved back, it shows again.
    expect((await call("PATCH", `/api/annotations/${ids.rate}`, { day: "2026-12-05" })).status).toBe(200);
    expect((await edit({ annotationIds: [ids.launch] })).status).toBe(200);
    expect(await shown()).toEqual(expectedTexts(["launch", "rate"], { rate: "2026-12-05" }));
    expect((await call("PATCH", `/api/annotations/${ids.rate}`, { day: NOTES.rate.day })).status).toBe(200);
    expect(await shown()).toEqual(expectedTexts(["launch", "rate"]));

    // A viewer can neither edit the link nor its notes.
    app.role = "viewer";
    try {
      expect((await edit({ annotationIds: [] })).status).toBe(403);
    } finally {
      app.role = "analyst";
    }
    expect(await shown()).toEqual(expectedTexts(["launch", "rate"]));
  });
});
