/**
 * The Change log route as Next calls it, on the demo app's embedded database: a note, a cost, a target and a tier
 * threshold made, edited and deleted through their own routes by two users, then the log read back newest first — each entry checked against
 * what this test did (order, who, what, before → after); paging; a viewer refused; bad query a 400, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as annotationsRoute from "@/app/api/annotations/route";
import * as annotationRoute from "@/app/api/annotations/[id]/route";
import * as changeLogRoute from "@/app/api/change-log/route";
import * as costsRoute from "@/app/api/invite-codes/[code]/costs/route";
import * as costRoute from "@/app/api/invite-codes/[code]/costs/[id]/route";
import * as targetsRoute from "@/app/api/targets/route";
import * as targetRoute from "@/app/api/targets/[id]/route";
import { demoAppSuite } from "../support/demo-app";
import { knownInviteCodes } from "../support/known-codes";

const app = demoAppSuite("change-log", "analyst");
// The notes tied to invite code AAA need it known: an invitee signed up with it (lib/annotations/known-code.ts).
beforeAll(() => knownInviteCodes(["AAA"]));

type Body = Record<string, unknown>;
type Answer = { status: number; body: Body };
type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Entry = { id: string; at: number; byEmail: string; action: string; concerns: string; changes: Array<{ field: string; from: string | null; to: string | null }> };

async function send(handler: unknown, url: string, method: string, body?: unknown, params: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin", "content-type": "application/json" } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await (handler as Handler)(new Request(`http://localhost${url}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Body) };
}
const readLog = (query: string) => send(changeLogRoute.GET, `/api/change-log?${query}`, "GET");
const entries = (a: Answer) => a.body.entries as Entry[];
/** Log ids order by millisecond: a step waits for the next one, so the order asserted is the order the test made. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

/** The log of one kind, expected to hold exactly this test's delete, edit and create by these users, in that order. */
async function threeChanges(kind: string, [deletedBy, editedBy, createdBy]: [string, string, string]): Promise<Entry[]> {
  const log = await readLog(`kind=${kind}`);
  expect(log.status).toBe(200);
  expect(entries(log).map((e) => [e.action, e.byEmail])).toEqual([
    ["delete", `${deletedBy}@example.com`],
    ["update", `${editedBy}@example.com`],
    ["create", `${createdBy}@example.com`],
  ]);
  return entries(log);
}

describe("the change log", () => {
  it("lists a note's create, edit and delete newest first, with who and the fields before → after", async () => {
    app.role = "analyst";
    const made = await send(annotationsRoute.POST, "/api/annotations", "POST", { day: "2026-11-02", text: "Campaign launched" });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    await nextMillisecond();
    app.role = "admin";
    expect((await send(annotationRoute.PATCH, `/api/annotations/${id}`, "PATCH", { text: "Campaign relaunched", code: "AAA" }, { id })).status).toBe(200);
    await nextMillisecond();
    app.role = "analyst";
    expect((await send(annotationRoute.DELETE, `/api/annotations/${id}`, "DELETE", undefined, { id })).status).toBe(204);

    const [deleted, edited, created] = await threeChanges("annotations", ["analyst", "admin", "analyst"]);
    expect(created!.concerns).toBe("2026-11-02 “Campaign launched”");
    expect(edited!.changes).toEqual([
      { field: "Text", from: "Campaign launched", to: "Campaign relaunched" },
      { field: "Invite code", from: null, to: "AAA" },
    ]);
    expect(edited!.concerns).toBe("2026-11-02 “Campaign relaunched” (invite code AAA)");
    expect(deleted!.concerns).toBe("2026-11-02 “Campaign relaunched” (invite code AAA)");
    expect(deleted!.changes).toEqual([]);

    // Paging: one at a time, each older than the last, until none is left.
    const first = await readLog("kind=annotations&limit=1");
    expect(entries(first).map((e) => e.id)).toEqual([deleted!.id]);
    const second = await readLog(`kind=annotations&limit=1&before=${String(first.body.older)}`);
    expect(entries(second).map((e) => e.id)).toEqual([edited!.id]);
    const last = await readLog(`kind=annotations&limit=2&before=${String(second.body.older)}`);
    expect(entries(last).map((e) => e.id)).toEqual([created!.id]);
    expect(last.body.older).toBeNull();
  });

  it("lists a cost's create, edit and delete, what each concerns replayed from the cost's own log", async () => {
    app.role = "analyst";
    const code = "LOGTEST1";
    const params = { code };
    const made = await send(costsRoute.POST, `/api/invite-codes/${code}/costs`, "POST", { day: "2026-10-01", amount: "1250.50", coin: "usdt", note: "banner" }, params);
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    await nextMillisecond();
    app.role = "trader";
    expect((await send(costRoute.PATCH, `/api/invite-codes/${code}/costs/${id}`, "PATCH", { note: "banner, corrected", amount: "1234567.891234" }, { code, id })).status).toBe(200);
    await nextMillisecond();
    expect((await send(costRoute.DELETE, `/api/invite-codes/${code}/costs/${id}`, "DELETE", undefined, { code, id })).status).toBe(204);

    app.role = "analyst";
    const [deleted, edited, created] = await threeChanges("costs", ["trader", "trader", "analyst"]);
    // Amounts grouped and exact: every significant digit, not rounded to the coin's decimals (a log is exact).
    expect(created!.concerns).toBe("LOGTEST1 · 2026-10-01 · 1,250.5 USDT “banner”");
    // The edit changed the amount and the note; its day comes from the create before it.
    expect(edited!.concerns).toBe("LOGTEST1 · 2026-10-01 · 1,234,567.891234 USDT “banner, corrected”");
    expect(edited!.changes).toEqual([
      { field: "Amount", from: "1,250.5", to: "1,234,567.891234" },
      { field: "Note", from: "banner", to: "banner, corrected" },
    ]);
    expect(deleted!.concerns).toBe("LOGTEST1 · 2026-10-01 · 1,234,567.891234 USDT “banner, corrected”");
    // The two logs stay apart.
    expect(entries(await readLog("kind=annotations")).some((e) => e.concerns.includes("LOGTEST1"))).toBe(false);
  });

  it("lists a target's and a tier's create, edit and delete, in the Targets page's words; an edit that changes nothing is not logged", async () => {
    app.role = "analyst";
    const made = await send(targetsRoute.POST, "/api/targets", "POST", { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "1000" });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    await nextMillisecond();
    app.role = "admin";
    expect((await send(targetRoute.PATCH, `/api/targets/${id}`, "PATCH", { value: "1250000.5", name: "stretch" }, { id })).status).toBe(200);
    // The same value (written with a trailing zero) and name again: nothing changes, so nothing is logged.
    expect((await send(targetRoute.PATCH, `/api/targets/${id}`, "PATCH", { value: "1250000.50", name: "stretch" }, { id })).status).toBe(200);
    await nextMillisecond();
    app.role = "trader";
    expect((await send(targetRoute.DELETE, `/api/targets/${id}`, "DELETE", undefined, { id })).status).toBe(204);

    app.role = "analyst";
    const [deleted, edited, created] = await threeChanges("targets", ["trader", "admin", "analyst"]);
    expect(created!.concerns).toBe("Commission, all coins — Nov 2026 · 1,000 ≈ USDT");
    expect(edited!.concerns).toBe("Commission, all coins — Nov 2026 “stretch” · 1,250,000.5 ≈ USDT");
    expect(edited!.changes).toEqual([
      { field: "Value", from: "1,000", to: "1,250,000.5" },
      { field: "Note", from: null, to: "stretch" },
    ]);
    expect(deleted!.concerns).toBe(edited!.concerns);
    expect(deleted!.changes).toEqual([]);

    // A tier: its name is its "Tier name"; one person is a person.
    await nextMillisecond();
    const tier = await send(targetsRoute.POST, "/api/targets", "POST", { kind: "tier", metric: "newTraders", period: "quarter", value: "1", name: "VIP 1" });
    expect(tier.status).toBe(201);
    const tierId = String(tier.body.id);
    await nextMillisecond();
    expect((await send(targetRoute.PATCH, `/api/targets/${tierId}`, "PATCH", { value: "40", name: "VIP 2" }, { id: tierId })).status).toBe(200);
    const [tierEdit, tierMade] = entries(await readLog("kind=targets&limit=2"));
    expect(tierMade!).toMatchObject({ action: "create", concerns: "New traders — Tier VIP 1: every quarter · 1 person" });
    expect(tierEdit!).toMatchObject({
      action: "update",
      byEmail: "analyst@example.com",
      concerns: "New traders — Tier VIP 2: every quarter · 40 people",
      changes: [
        { field: "Value", from: "1", to: "40" },
        { field: "Tier name", from: "VIP 1", to: "VIP 2" },
      ],
    });
    // Each log keeps to its own kind.
    expect(entries(await readLog("kind=costs")).some((e) => e.concerns.includes("VIP"))).toBe(false);
    await send(targetRoute.DELETE, `/api/targets/${tierId}`, "DELETE", undefined, { id: tierId });
  });

  it("refuses a viewer", async () => {
    app.role = "viewer";
    const answer = await readLog("kind=annotations");
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: expect.anything(), msg: expect.any(String) });
    app.role = "analyst";
  });

  it("answers a bad query with a 400 {code, msg}, never a 500", async () => {
    for (const query of ["", "kind=notes", "kind=costs&limit=0", "kind=costs&limit=201", "kind=costs&limit=ten", "kind=costs&before=x", "kind=costs&extra=1", "kind=costs&before=ccl_%27%3B", "kind=targets&before=tgt_1", "kind=target"]) {
      const answer = await readLog(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ code: "BAD_REQUEST", msg: expect.any(String) });
    }
  });
});
