import { expect, test } from "@playwright/test";
import { DEMO } from "./support/demo";
import { apiSession } from "./support/session";

/**
 * The hostile inputs of the attack run that got a 500 from the real server
 * (Next's own decoding and server-action checks included): each is now a 4xx
 * `{code,msg}` for /api, the not-found page for pages, a 403 for a
 * cross-site server action and a 415 for a JSON body not sent as JSON.
 */

let baseURL: string;
let adminCookie: string;

test.beforeAll(async ({}, info) => {
  baseURL = info.project.use.baseURL as string;
  const admin = await apiSession(baseURL, DEMO.email, DEMO.password);
  adminCookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await admin.dispose();
});

// Raw fetch: the path is sent exactly as written, and the Cookie header is ours alone.
function send(path: string, init: { method?: string; cookie?: string; headers?: Record<string, string>; body?: string } = {}) {
  const cookie = [adminCookie, init.cookie].filter(Boolean).join("; ");
  // A Buffer body gets no Content-Type of its own (a string would be sent as text/plain).
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  return fetch(`${baseURL}${path}`, { method: init.method ?? "GET", headers: { cookie, ...init.headers }, body, redirect: "manual" });
}

async function expectApiRefusal(response: Response, status: number): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(JSON.parse(text)).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
}

test("malformed percent-encoding in a path is a 400 {code,msg} for /api and the not-found page for pages", async () => {
  for (const path of ["/api/share/%", "/api/pdf/%E0%A4%A", "/api/exchange/%", "/api/connections/%/test", "/api/share/%.json"]) {
    await expectApiRefusal(await send(path, { method: path.endsWith("/test") ? "POST" : path.startsWith("/api/share") ? "DELETE" : "GET" }), 400);
  }
  for (const path of ["/r/%", "/r/%E0%A4%A/data/commissions", "/r/%/pdf"]) {
    const response = await send(path);
    expect(response.status, path).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toMatch(/could not be found|not available/i);
  }
});

test("a NUL reaching an id, a segment, a query value or a cookie is a 400 {code,msg}", async () => {
  const json = { "content-type": "application/json" };
  await expectApiRefusal(await send("/api/connections/select", { method: "POST", headers: json, body: '{"id":"\\u0000"}' }), 400);
  await expectApiRefusal(await send("/api/share/%00", { method: "DELETE" }), 400);
  await expectApiRefusal(await send("/api/connections/%00", { method: "DELETE" }), 400);
  await expectApiRefusal(await send("/api/orders/audit?connection=%00"), 400);
  for (const value of ["%00", "%", "%E0%A4%A"]) {
    const response = await send("/api/sync", { cookie: `rd_connection=${value}` });
    expect(response.headers.get("set-cookie")).toContain("rd_connection=;");
    await expectApiRefusal(response, 400);
  }
});

test("a cross-site server-action POST is a 403, not a 500", async () => {
  for (const path of ["/r/x", "/settings/password"]) {
    const response = await send(path, {
      method: "POST",
      headers: { origin: "https://evil.example", "next-action": "7f0000000000000000000000000000000000000000", "content-type": "text/plain;charset=UTF-8" },
      body: "[]",
    });
    await expectApiRefusal(response, 403);
  }
});

test("a JSON body sent as text/plain or with no type, without an Origin, is a 415 and does nothing", async () => {
  const before = ((await (await send("/api/share")).json()) as { links: unknown[] }).links.length;
  const body = JSON.stringify({ report: "commissions", label: "csrf", mode: "live", expiry: "1d" });
  for (const headers of [{ "content-type": "text/plain" }, {} as Record<string, string>]) {
    await expectApiRefusal(await send("/api/share", { method: "POST", headers, body }), 415);
  }
  await expectApiRefusal(await send("/api/exchange/accountBills", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }), 415);
  expect(((await (await send("/api/share")).json()) as { links: unknown[] }).links).toHaveLength(before);
});
