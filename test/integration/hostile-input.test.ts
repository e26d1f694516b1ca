/**
 * Client input that used to reach a 500, through the real route handlers on
 * the app as demo mode runs it (embedded PGlite, embedded sandbox): NUL in ids,
 * path segments, query values and cookies; malformed cookies; JSON bodies that
 * do not say they are JSON. Every one is a 4xx `{code,msg}`, never a 500.
 */
import { describe, expect, it, vi } from "vitest";
import * as connectionItem from "@/app/api/connections/[id]/route";
import * as selectConnection from "@/app/api/connections/select/route";
import * as auditRoute from "@/app/api/orders/audit/route";
import * as shareItem from "@/app/api/share/[id]/route";
import * as shareList from "@/app/api/share/route";
import * as syncRoute from "@/app/api/sync/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import { setSessionUserResolver } from "@/lib/auth/session";
import { LINK_NOT_FOUND } from "@/lib/share/serve";
import { findShareLink } from "@/lib/share/store";
import { unlockCookieName } from "@/lib/share/token";
import { getDb } from "@/lib/db/client";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("hostile", "admin");

type Handler = (request: Request, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

async function expectRefusal(response: Response, status: number): Promise<{ code: string; msg: string }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as { code: string; msg: string };
  expect(body).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
  return body;
}

const json = (method: string, body: string, contentType: string | null = "application/json"): RequestInit => ({
  method,
  body,
  headers: contentType ? { "content-type": contentType } : {},
});

async function createLink(label: string): Promise<{ id: string; path: string }> {
  const res = await shareList.POST(new Request("http://localhost/api/share", json("POST", JSON.stringify({ report: "commissions", label, mode: "live", expiry: "1d" }))));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; path: string };
}

describe("no client input reaches a 500", () => {
  it("a NUL in an id, a path segment or a query value is a 400 before it reaches PostgreSQL", async () => {
    app.role = "admin";
    const log = vi.spyOn(console, "error");
    await expectRefusal(await selectConnection.POST(new Request("http://localhost/api/connections/select", json("POST", '{"id":"\\u0000"}'))), 400);
    await expectRefusal(await selectConnection.POST(new Request("http://localhost/api/connections/select", json("POST", '{"id":"a\\u0007b"}'))), 400);
    const nulSegment = { params: Promise.resolve({ id: "\u0000" }) };
    await expectRefusal(await (shareItem.DELETE as Handler)(new Request("http://localhost/api/share/%00", { method: "DELETE" }), nulSegment), 400);
    await expectRefusal(await (connectionItem.DELETE as Handler)(new Request("http://localhost/api/connections/%00", { method: "DELETE" }), nulSegment), 400);
    await expectRefusal(await auditRoute.GET(new Request("http://localhost/api/orders/audit?connection=%00")), 400);
    // A NUL anywhere in a JSON body, even in a free-text field.
    await expectRefusal(await shareList.POST(new Request("http://localhost/api/share", json("POST", '{"report":"commissions","label":"a\\u0000b","mode":"live","expiry":"1d"}'))), 400);
    // Nothing was logged as a failure: these are refusals, not errors.
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("a NUL or malformed rd_connection cookie is a 400 that clears the cookie", async () => {
    app.role = "viewer";
    for (const value of ["%00", "%", "%E0%A4%A"]) {
      const res = await syncRoute.GET(new Request("http://localhost/api/sync", { headers: { cookie: `a=1; rd_connection=${value}` } }));
      expect((await expectRefusal(res, 400)).code).toBe("BAD_COOKIE");
      expect(res.headers.get("set-cookie")).toMatch(/^rd_connection=; Path=\/;.*Max-Age=0/);
    }
    const fine = await syncRoute.GET(new Request("http://localhost/api/sync", { headers: { cookie: "rd_connection=sandbox" } }));
    expect(fine.status).toBe(200);
  });

  it("a malformed unlock cookie on a shared link's data is the one not-found", async () => {
    app.role = "analyst";
    const res = await shareList.POST(
      new Request("http://localhost/api/share", json("POST", JSON.stringify({ report: "commissions", label: "locked", mode: "live", expiry: "1d", password: "correct horse" }))),
    );
    const created = (await res.json()) as { id: string; path: string };
    const token = created.path.slice("/r/".length);
    const link = await findShareLink(await getDb(), created.id);
    for (const value of ["%", "%E0%A4%A", "%00"]) {
      const answer = await sharedData.GET(new Request(`http://localhost${created.path}/data/commissions`, { headers: { cookie: `${unlockCookieName(link!.id)}=${value}` } }), {
        params: Promise.resolve({ token, report: "commissions" }),
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(LINK_NOT_FOUND);
    }
  });
});

describe("JSON bodies must be sent as application/json", () => {
  const body = JSON.stringify({ report: "commissions", label: "typed", mode: "live", expiry: "1d" });

  it("refuses text/plain, a form type or an untyped body with 415, before anything is created", async () => {
    app.role = "analyst";
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", null]) {
      const res = await shareList.POST(new Request("http://localhost/api/share", json("POST", body, type)));
      expect((await expectRefusal(res, 415)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    // The same for a route that reads its body itself (the signed proxy).
    const proxied = await import("@/app/api/exchange/[endpoint]/route");
    const res = await (proxied.POST as Handler)(new Request("http://localhost/api/exchange/accountBills", json("POST", "{}", "text/plain")), { params: Promise.resolve({ endpoint: "accountBills" }) });
    await expectRefusal(res, 415);
  });

  it("accepts application/json with parameters, and bodiless writes", async () => {
    app.role = "analyst";
    const res = await shareList.POST(new Request("http://localhost/api/share", json("POST", body, "application/json; charset=utf-8")));
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await syncRoute.POST(new Request("http://localhost/api/sync", { method: "POST" }))).status).toBe(202);
  });
});

describe("GET /api/share", () => {
  it("lists a non-admin's own links only; an admin sees every link", async () => {
    app.role = "analyst";
    const mine = await createLink("mine");
    const restore = setSessionUserResolver(async () => ({ id: "someone-else", email: "other@example.com", name: "other", role: "analyst" }));
    let theirs: { id: string };
    let seenByOther: string[];
    try {
      theirs = await createLink("theirs");
      seenByOther = ((await (await shareList.GET(new Request("http://localhost/api/share"))).json()) as { links: Array<{ id: string }> }).links.map((l) => l.id);
    } finally {
      restore();
    }
    expect(seenByOther).toContain(theirs.id);
    expect(seenByOther).not.toContain(mine.id);
    const seenByMe = ((await (await shareList.GET(new Request("http://localhost/api/share"))).json()) as { links: Array<{ id: string }> }).links.map((l) => l.id);
    expect(seenByMe).toContain(mine.id);
    expect(seenByMe).not.toContain(theirs.id);
    app.role = "admin";
    const seenByAdmin = ((await (await shareList.GET(new Request("http://localhost/api/share"))).json()) as { links: Array<{ id: string; canManage: boolean }> }).links;
    expect(seenByAdmin.map((l) => l.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(seenByAdmin.every((l) => l.canManage)).toBe(true);
  });
});
