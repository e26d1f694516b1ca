import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiRouteMethods } from "./support/api-routes";
import { waitForWarehouse } from "./support/demo";
import { anonymous, apiSession } from "./support/session";
import { createUserViaUi, DEMO } from "./support/users";

/**
 * Security, automated, against the app as `npm start` runs it:
 * every /api route (from the code) refuses anonymous requests and too-small
 * roles; sandbox secrets never reach static files, pages or API answers;
 * client-sent ACCESS-* headers change nothing; bad parameters get a 400 and
 * cost no upstream weight.
 */

// The sandbox's documented default credentials (README, lib/sandbox/config.ts).
const SECRETS = ["rd-sandbox-secret-change-me", "rd-sandbox-passphrase"];
const FULL_KEY = "rd-sandbox-key";
const PUBLIC_ROUTES = ["/api/health", "/api/auth/[...nextauth]"];
const RANK = ["viewer", "analyst", "trader", "admin"];
const PAGES = ["/", "/commissions", "/sub-affiliates", "/invitees", "/invite-codes", "/trade-assets", "/account", "/orders", "/markets", "/reports", "/outbox", "/settings", "/settings/users", "/settings/connections", "/settings/password", "/settings/webhooks"];

const routes = apiRouteMethods();

async function send(ctx: APIRequestContext, method: string, url: string) {
  return ctx.fetch(url, { method, ...(method === "GET" ? {} : { data: {} }) });
}

test.describe.configure({ mode: "serial" });

let admin: APIRequestContext;
let viewer: APIRequestContext;
let baseURL: string;

test.beforeAll(async ({ browser }, info) => {
  baseURL = info.project.use.baseURL as string;
  admin = await apiSession(baseURL, DEMO.email, DEMO.password);
  const email = await createUserViaUi(browser, baseURL, "viewer", "viewer-password-1");
  viewer = await apiSession(baseURL, email, "viewer-password-1");
});

test.afterAll(async () => {
  await admin?.dispose();
  await viewer?.dispose();
});

test("the route list is read from the code and covers the app's API", () => {
  const listed = new Set(routes.map((r) => r.route));
  for (const route of ["/api/health", "/api/me", "/api/exchange/[endpoint]", "/api/connections"]) expect(listed).toContain(route);
  for (const r of routes) {
    if (!PUBLIC_ROUTES.includes(r.route)) expect(r.role, `${r.method} ${r.route} must be an apiRoute handler`).toBeDefined();
  }
});

test("every non-public /api route answers 401 to an anonymous request", async () => {
  const anon = await anonymous(baseURL);
  for (const r of routes.filter((x) => !PUBLIC_ROUTES.includes(x.route))) {
    const res = await send(anon, r.method, r.url);
    expect(res.status(), `${r.method} ${r.url}`).toBe(401);
    expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED", msg: expect.any(String) });
  }
  await anon.dispose();
});

test("every /api route above the viewer's role answers 403 to a viewer", async () => {
  const above = routes.filter((r) => r.role && RANK.indexOf(r.role) > RANK.indexOf("viewer"));
  expect(above.length).toBeGreaterThan(0);
  for (const r of above) {
    const res = await send(viewer, r.method, r.url);
    expect(res.status(), `${r.method} ${r.url}`).toBe(403);
  }
  // Role by endpoint category inside the proxy: a viewer may not trade or read affiliate reports.
  expect((await viewer.post("/api/exchange/contractPlaceOrder", { data: {} })).status()).toBe(403);
  expect((await viewer.get("/api/exchange/getAffiliateUIDs")).status()).toBe(403);
  expect((await viewer.get("/api/exchange/account")).status()).toBe(200);
});

test("sandbox secrets never appear in static files, pages or API answers", async () => {
  const staticDir = path.resolve(import.meta.dirname, "../.next/static");
  expect(existsSync(staticDir)).toBe(true);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(staticDir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const secret of [...SECRETS, FULL_KEY]) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
  }
  for (const page of PAGES) {
    const res = await admin.get(page);
    expect(res.status(), page).toBe(200);
    const html = await res.text();
    for (const secret of [...SECRETS, FULL_KEY]) expect(html.includes(secret), `${secret} in ${page}`).toBe(false);
  }
  for (const url of ["/api/me", "/api/connections", "/api/connections/sandbox/usage", "/api/exchange/account", "/api/health"]) {
    const text = await (await admin.get(url)).text();
    for (const secret of [...SECRETS, FULL_KEY]) expect(text.includes(secret), `${secret} in ${url}`).toBe(false);
  }
  expect((await (await admin.post("/api/connections/sandbox/test")).text()).includes(SECRETS[0] as string)).toBe(false);
});

test("a client-supplied ACCESS-SIGN (or any ACCESS-* header) changes nothing", async () => {
  const plain = await (await admin.get("/api/exchange/account")).json();
  const forged = await admin.get("/api/exchange/account", {
    headers: { "ACCESS-SIGN": "Zm9yZ2Vk", "ACCESS-KEY": "someone-else", "ACCESS-TIMESTAMP": "1", "ACCESS-PASSPHRASE": "guess" },
  });
  expect(forged.status()).toBe(200);
  expect((await forged.json()).uid).toBe(plain.uid);
});

test("bad parameters get a 400 JSON error and cost no upstream weight", async () => {
  test.setTimeout(240_000);
  // The app's own sync spends weight from the same budget: let its backfill finish first.
  await waitForWarehouse(baseURL);
  await admin.get("/api/exchange/account"); // the connection's client exists and has a budget
  const usage = async () => (await (await admin.get("/api/connections/sandbox/usage")).json()) as { ip: number; uid: number };
  // Measured in a quiet window (no weight used in the last window), so any weight after the bad
  // requests is theirs; tried again only if the scheduled sync woke up in between.
  let after = { ip: -1, uid: -1 };
  for (let attempt = 0; attempt < 3 && (after.ip !== 0 || after.uid !== 0); attempt++) {
    await expect.poll(async () => (await usage()).ip, { timeout: 60_000, intervals: [1_000] }).toBe(0);
    for (const [method, url, data, headers] of [
      ["GET", "/api/exchange/spotAllOrders?symbol=BTCUSDT&limit=100000", undefined],
      ["GET", "/api/exchange/spotAllOrders", undefined],
      ["POST", "/api/exchange/accountBills", { limit: 101 }],
      ["POST", "/api/exchange/fundingBills", { pageSize: 100, startTime: 5, endTime: 4 }],
      ["POST", "/api/orders/contract", { symbol: "BTCUSDT", side: "UP", positionSide: "LONG", type: "MARKET", quantity: "1", newClientOrderId: "sec-1" }, { "Idempotency-Key": "sec-bad-1" }],
    ] as const) {
      const res = await admin.fetch(url, { method, ...(data ? { data } : {}), ...(headers ? { headers } : {}) });
      expect(res.status(), url).toBe(400);
      const body = (await res.json()) as { code: number | string; msg: string };
      expect(["number", "string"]).toContain(typeof body.code);
      expect(body.msg.length).toBeGreaterThan(0);
    }
    after = await usage();
  }
  expect(after).toMatchObject({ ip: 0, uid: 0 });
});
