/**
 * An annotation's invite code is one the connection has (lib/annotations/known-code.ts), over POST and PATCH
 * /api/annotations as Next calls them: before the invitee list is synced a code cannot be checked and is refused in
 * words; once it is, a code none of the invitees signed up with is a 400 `{code, msg}` and nothing is saved, a known
 * code typed in another case is saved as the warehouse spells it, and untying (`""`, null) needs no check.
 */
import { describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/annotations/route";
import * as oneRoute from "@/app/api/annotations/[id]/route";
import { demoAppSuite } from "../support/demo-app";
import { knownInviteCodes } from "../support/known-codes";

demoAppSuite("annotations-codes", "analyst");

type Body = Record<string, unknown>;
type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function send(handler: unknown, url: string, method: string, body?: unknown, params: Record<string, string> = {}): Promise<{ status: number; body: Body }> {
  const init: RequestInit = { method, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin", "content-type": "application/json" } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await (handler as Handler)(new Request(`http://localhost${url}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Body) };
}
const create = (body: unknown) => send(listRoute.POST, "/api/annotations", "POST", body);
const patch = (id: string, body: unknown) => send(oneRoute.PATCH, `/api/annotations/${id}`, "PATCH", body, { id });
const listed = async () => ((await send(listRoute.GET, "/api/annotations", "GET")).body.annotations as Array<{ id: string; text: string; inviteCode: string | null }>) ?? [];

describe("an annotation's invite code", () => {
  it("cannot be checked before the invitee list is synced: refused in words, nothing saved", async () => {
    const answer = await create({ day: "2026-11-02", text: "Too early", code: "SPRING1" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: "BAD_REQUEST", msg: expect.stringContaining("the invitee list has not been synced") });
    expect(await listed()).toEqual([]);
  });

  it("is one an invitee signed up with; another is a 400 on POST and on PATCH, the note unchanged", async () => {
    await knownInviteCodes(["SPRING1", "AUTUMN2"]);
    const unknown = await create({ day: "2026-11-02", text: "Typo", code: "SPRNG1" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: "BAD_REQUEST", msg: "code: no invitee of this connection signed up with invite code SPRNG1; a code is known once someone has signed up with it" });
    expect(await listed()).toEqual([]);

    // A known code in lower case is that code, kept as the warehouse spells it.
    const made = await create({ day: "2026-11-02", text: "Spring campaign", code: "spring1" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ inviteCode: "SPRING1" });
    const id = String(made.body.id);

    const refused = await patch(id, { text: "Moved", code: "WINTER3" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "BAD_REQUEST", msg: expect.stringContaining("invite code WINTER3") });
    expect(await listed()).toEqual([expect.objectContaining({ id, text: "Spring campaign", inviteCode: "SPRING1" })]);

    expect(await patch(id, { code: "AUTUMN2" })).toMatchObject({ status: 200, body: { inviteCode: "AUTUMN2" } });
    // Untying needs no code to check.
    expect(await patch(id, { code: "" })).toMatchObject({ status: 200, body: { inviteCode: null } });
    expect(await patch(id, { code: null })).toMatchObject({ status: 200, body: { inviteCode: null } });
  });
});
