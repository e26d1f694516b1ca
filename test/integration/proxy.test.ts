/**
 * The signed proxy and the connections API, through their route handlers, on
 * the embedded sandbox (demo mode) and an embedded database in a temp folder.
 */
import { describe, expect, it } from "vitest";
import * as connectionsRoute from "@/app/api/connections/route";
import * as connectionRoute from "@/app/api/connections/[id]/route";
import * as selectRoute from "@/app/api/connections/select/route";
import * as testRoute from "@/app/api/connections/[id]/test/route";
import * as usageRoute from "@/app/api/connections/[id]/usage/route";
import * as exchangeRoute from "@/app/api/exchange/[endpoint]/route";
import type { Role } from "@/lib/auth/roles";
import { demoAppSuite } from "../support/demo-app";
import { getDb } from "@/lib/db/client";
import { connections } from "@/lib/db/schema";
import { ENDPOINT_LIST } from "@/lib/weex/endpoints";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const app = demoAppSuite("proxy", "viewer");

async function exchange(endpoint: string, init: { query?: string; body?: unknown; method?: string; headers?: Record<string, string>; cookie?: string } = {}) {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const request = new Request(`http://localhost/api/exchange/${endpoint}${init.query ? `?${init.query}` : ""}`, {
    method,
    headers: { ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}), ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) } : {}),
  });
  const handler = (exchangeRoute as unknown as Record<string, Handler>)[method] as Handler;
  const response = await handler(request, { params: Promise.resolve({ endpoint }) });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown>, headers: response.headers };
}

const ipUsed = () => app.sandbox.limiter.used("ip:127.0.0.1", Date.now()) + app.sandbox.limiter.used("ip:::ffff:127.0.0.1", Date.now());

describe("signed proxy", () => {
  it("serves public and USER_DATA endpoints to a viewer, ids as strings", async () => {
    app.role = "viewer";
    const ticker = await exchange("ticker24hr", { query: "symbol=BTCUSDT" });
    expect(ticker.status).toBe(200);
    expect(ticker.json).toMatchObject({ symbol: "BTCUSDT" });
    const orders = await exchange("spotAllOrders", { query: "symbol=BTCUSDT&limit=5" });
    expect(orders.status).toBe(200);
    expect(orders.text).toMatch(/"orderId":"\d{18}"/);
  });

  it("checks the role against every endpoint's category", async () => {
    const expectations: Record<Role, Record<string, number>> = {
      viewer: { public: 200, USER_DATA: 200, AFFILIATE: 403, TRADE: 403 },
      analyst: { public: 200, USER_DATA: 200, AFFILIATE: 200, TRADE: 403 },
      trader: { public: 200, USER_DATA: 200, AFFILIATE: 200, TRADE: 200 },
      admin: { public: 200, USER_DATA: 200, AFFILIATE: 200, TRADE: 200 },
    };
    for (const r of ["viewer", "analyst"] as const) {
      app.role = r;
      for (const endpoint of ENDPOINT_LIST) {
        // An empty parameter set: a 403 comes before validation, anything else proves the role passed.
        const method = endpoint.method === "GET" ? "GET" : endpoint.method;
        const res = await exchange(endpoint.id, method === "GET" ? {} : { method, body: {} });
        const expected = expectations[r][endpoint.category];
        if (expected === 403) expect(res.status, `${r} ${endpoint.id}`).toBe(403);
        else expect(res.status, `${r} ${endpoint.id}`).not.toBe(403);
      }
    }
  });

  it("refuses bad parameters with 400 and the exchange's code, before any upstream call", async () => {
    app.role = "trader";
    const before = ipUsed();
    const counts = new Map(app.sandbox.requestCounts);
    const bad = await exchange("spotAllOrders", { query: "symbol=BTCUSDT&limit=5000" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ code: -1140, msg: expect.any(String) });
    const badBills = await exchange("fundingBills", { body: { pageSize: 0.5 } });
    expect(badBills.status).toBe(400);
    const badJson = await exchange("accountBills", { body: "{not json" });
    expect(badJson.status).toBe(400);
    expect(ipUsed()).toBe(before);
    expect(app.sandbox.requestCounts).toEqual(counts);
  });

  it("ignores client-sent ACCESS-* headers", async () => {
    app.role = "viewer";
    const plain = await exchange("account");
    const forged = await exchange("account", { headers: { "ACCESS-SIGN": "forged", "ACCESS-KEY": "someone-else", "ACCESS-TIMESTAMP": "1", "ACCESS-PASSPHRASE": "x" } });
    expect(forged.status).toBe(200);
    expect(forged.json.uid).toBe(plain.json.uid);
  });

  it("passes exchange refusals on as {code,msg}; unknown endpoints are 404", async () => {
    app.role = "viewer";
    const missing = await exchange("contractGetOrder", { query: "orderId=1" });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ code: -3200, msg: expect.any(String) });
    const unknown = await exchange("withdrawEverything");
    expect(unknown.status).toBe(404);
  });

  it("refuses TRADE endpoints even to a trader: orders go through the audited, idempotent /api/orders routes", async () => {
    app.role = "trader";
    const before = app.sandbox.requestCounts.get("contractPlaceOrder") ?? 0;
    const order = { symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", quantity: "0.01", price: "1000.0", newClientOrderId: "proxy-1" };
    const placed = await exchange("contractPlaceOrder", { body: order });
    expect(placed.status).toBe(405);
    expect(placed.json).toMatchObject({ code: "USE_ORDERS_API" });
    const cancel = await exchange("contractBatchCancel", { method: "DELETE", body: { orderIdList: ["123456789012345678"] } });
    expect(cancel.status).toBe(405);
    expect(app.sandbox.requestCounts.get("contractPlaceOrder") ?? 0).toBe(before);
  });

  it("coalesces identical reads in flight into one upstream call", async () => {
    app.role = "viewer";
    const before = app.sandbox.requestCounts.get("ticker24hr") ?? 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange("ticker24hr", { query: "symbol=SOLUSDT" })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((app.sandbox.requestCounts.get("ticker24hr") ?? 0) - before).toBe(1);
  });
});

describe("connections API", () => {
  const call = async (handler: Handler, url: string, init: RequestInit = {}, params: Record<string, string> = {}) => {
    const response = await handler(new Request(`http://localhost${url}`, init), { params: Promise.resolve(params) });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  const routes = {
    list: connectionsRoute.GET as unknown as Handler,
    create: connectionsRoute.POST as unknown as Handler,
    select: selectRoute.POST as unknown as Handler,
    remove: connectionRoute.DELETE as unknown as Handler,
    test: testRoute.POST as unknown as Handler,
    usage: usageRoute.GET as unknown as Handler,
  };

  it("lists the embedded sandbox with a masked key and no secret", async () => {
    app.role = "viewer";
    const res = await call(routes.list, "/api/connections");
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as { connections: Array<{ id: string; keyHint: string; source: string }>; selectedId: string };
    expect(body.connections[0]).toMatchObject({ id: "sandbox", source: "sandbox", keyHint: "rd-s…-key" });
    expect(body.selectedId).toBe("sandbox");
    for (const secret of [app.sandbox.options.secret, app.sandbox.options.passphrase, app.sandbox.options.apiKey]) expect(res.text).not.toContain(secret);
  });

  it("admin adds a connection (secrets encrypted at rest), tests it, selects it, removes it", async () => {
    app.role = "viewer";
    const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const input = { name: "Plain key", spotBaseUrl: app.sandbox.url, contractBaseUrl: app.sandbox.url, apiKey: `${app.sandbox.options.apiKey}-plain`, secret: app.sandbox.options.secret, passphrase: app.sandbox.options.passphrase };
    expect((await call(routes.create, "/api/connections", json(input))).status).toBe(403);
    app.role = "admin";
    const created = await call(routes.create, "/api/connections", json(input));
    expect(created.status).toBe(201);
    const conn = JSON.parse(created.text) as { id: string; keyHint: string };
    expect(created.text).not.toContain(app.sandbox.options.secret);
    const rows = await (await getDb()).select().from(connections);
    const stored = JSON.stringify(rows);
    for (const secret of [app.sandbox.options.secret, app.sandbox.options.passphrase, input.apiKey]) expect(stored).not.toContain(secret);

    const tested = JSON.parse((await call(routes.test, `/api/connections/${conn.id}/test`, { method: "POST" }, { id: conn.id })).text) as {
      ok: boolean;
      account: { accountType: string };
      affiliate: { ok: boolean; code: number };
    };
    expect(tested).toMatchObject({ ok: true, account: { accountType: "SPOT" }, affiliate: { ok: false, code: -3236 } });

    const selected = await call(routes.select, "/api/connections/select", json({ id: conn.id }));
    expect(selected.status).toBe(200);
    const cookie = (selected.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toBe(`rd_connection=${conn.id}`);
    const viaPlain = await exchange("getAffiliateUIDs", { cookie });
    expect(viaPlain.json).toMatchObject({ code: -3236 });
    const usage = JSON.parse((await call(routes.usage, `/api/connections/${conn.id}/usage`, {}, { id: conn.id })).text) as { ip: number; uid: number };
    expect(usage.uid).toBeGreaterThan(0);

    expect((await call(routes.remove, `/api/connections/sandbox`, { method: "DELETE" }, { id: "sandbox" })).status).toBe(409);
    expect((await call(routes.remove, `/api/connections/${conn.id}`, { method: "DELETE" }, { id: conn.id })).status).toBe(204);
    // The cookie now names a removed connection: requests fall back to the first one.
    const fallback = await exchange("getAffiliateUIDs", { cookie, query: "pageSize=1" });
    expect(fallback.status).toBe(200);
  });

  it("refuses a connection with bad input, clearly", async () => {
    app.role = "admin";
    const res = await call(routes.create, "/api/connections", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "", spotBaseUrl: "ftp://x" }) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ code: "BAD_REQUEST", msg: expect.any(String) });
  });
});
