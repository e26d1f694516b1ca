/**
 * The idempotent contract order route, the probe, batch cancel and the audit log,
 * through their route handlers on the embedded sandbox (demo mode) and an embedded
 * database in a temp folder.
 */
import { describe, expect, it } from "vitest";
import * as auditRoute from "@/app/api/orders/audit/route";
import * as cancelRoute from "@/app/api/orders/contract/cancel/route";
import * as probeRoute from "@/app/api/orders/contract/probe/route";
import * as placeRoute from "@/app/api/orders/contract/route";
import * as spotBatchRoute from "@/app/api/orders/spot-batch/route";
import * as tpslRoute from "@/app/api/orders/contract/tpsl/route";

import { getDb } from "@/lib/db/client";
import { demoAppSuite } from "../support/demo-app";
import { orderIntents, tradeAudit } from "@/lib/db/schema";
import { isWeexError } from "@/lib/weex/errors";
import { WeexError } from "@/lib/weex/errors";

type Handler = (request: Request) => Promise<Response>;

const app = demoAppSuite("trading", "trader");

async function call(handler: unknown, url: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const request = new Request(`http://localhost${url}`, {
    method: init.method ?? "POST",
    headers: {
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(init.key ? { "Idempotency-Key": init.key } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const response = await (handler as Handler)(request);
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const place = (key: string, body: unknown) => call(placeRoute.POST, "/api/orders/contract", { key, body });
const probe = (key: string) => call(probeRoute.POST, "/api/orders/contract/probe", { key });
const sends = () => app.sandbox.requestCounts.get("contractPlaceOrder") ?? 0;

let seq = 0;
function order(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    symbol: "BTCUSDT",
    side: "BUY",
    positionSide: "LONG",
    type: "LIMIT",
    timeInForce: "GTC",
    quantity: "0.01",
    price: "1000",
    newClientOrderId: `rd-test-${Date.now()}-${seq}`,
    tpTriggerPrice: "200000",
    slTriggerPrice: "900",
    TpWorkingType: "MARK_PRICE",
    SlWorkingType: "CONTRACT_PRICE",
    ...overrides,
  };
}

describe("isWeexError", () => {
  it("recognises a WeexError by shape too (another bundle's copy of the class)", () => {
    expect(isWeexError(new WeexError({ kind: "network", code: -1000, msg: "x", endpoint: "contractPlaceOrder", outcomeUnknown: true }))).toBe(true);
    const copy = Object.assign(new Error("copy"), { name: "WeexError", kind: "refused", code: -1150, msg: "m", outcomeUnknown: false });
    expect(isWeexError(copy)).toBe(true);
    expect(isWeexError(new Error("plain"))).toBe(false);
    expect(isWeexError({ name: "WeexError", code: 1 })).toBe(false);
  });
});

describe("idempotent contract order route", () => {
  it("refuses analysts and viewers (403) and sends nothing", async () => {
    const before = sends();
    for (const r of ["analyst", "viewer"] as const) {
      app.role = r;
      const answer = await place(`key-${r}-00000001`, order());
      expect(answer.status).toBe(403);
    }
    app.role = "trader";
    expect(sends()).toBe(before);
  });

  it("requires an Idempotency-Key and refuses bad parameters before storing or sending", async () => {
    app.role = "trader";
    const before = sends();
    expect((await call(placeRoute.POST, "/api/orders/contract", { body: order() })).status).toBe(400);
    const bad = await place("key-bad-params-0001", order({ type: "LIMIT", price: undefined }));
    expect(bad.status).toBe(400);
    expect(typeof bad.json.code).toBe("number");
    expect(sends()).toBe(before);
    const db = await getDb();
    expect((await db.select().from(orderIntents)).filter((r) => r.idempotencyKey === "key-bad-params-0001")).toEqual([]);
  });

  it("a double submit with the same key places exactly one order", async () => {
    app.role = "trader";
    const body = order();
    const key = `key-double-${Date.now()}`;
    const before = sends();
    const [a, b] = await Promise.all([place(key, body), place(key, body)]);
    const again = await place(key, body);
    expect(sends() - before).toBe(1);
    const answers = [a, b, again];
    const placed = answers.filter((x) => x.json.state === "PLACED");
    expect(placed.length).toBeGreaterThanOrEqual(2); // the first, and the repeat after it finished
    expect(new Set(placed.map((x) => x.json.orderId)).size).toBe(1);
    expect(again.json).toMatchObject({ state: "PLACED", replayed: true, clientOrderId: body.newClientOrderId });
    expect(again.json.orderId).toMatch(/^\d+$/);

    // The same key with another order is refused, and sends nothing.
    const reused = await place(key, { ...body, quantity: "0.02" });
    expect(reused.status).toBe(409);
    expect(reused.json.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(sends() - before).toBe(1);
  });

  it("a lost response leaves the intent UNKNOWN; a retry sends nothing; the probe resolves it without a second order", async () => {
    app.role = "trader";
    const body = order();
    const key = `key-lost-${Date.now()}`;
    app.sandbox.faults.inject("contractPlaceOrder", { kind: "drop-after" });
    const before = sends();
    const first = await place(key, body);
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ state: "UNKNOWN", replayed: false, clientOrderId: body.newClientOrderId });
    expect(sends() - before).toBe(1);

    const retry = await place(key, body);
    expect(retry.status).toBe(202);
    expect(retry.json).toMatchObject({ state: "UNKNOWN", replayed: true });
    expect(sends() - before).toBe(1);

    // The probe: same client order id again; the exchange already has it and refuses the duplicate.
    const resolved = await probe(key);
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ state: "PLACED", resolvedBy: "duplicate-refusal", error: null });
    expect(sends() - before).toBe(2);
    // Resolved: a further retry or probe sends nothing.
    expect((await place(key, body)).json).toMatchObject({ state: "PLACED", replayed: true });
    expect((await probe(key)).json).toMatchObject({ state: "PLACED", replayed: true });
    expect(sends() - before).toBe(2);
  });

  it("a request that never arrived is placed by the probe, once", async () => {
    app.role = "trader";
    const body = order();
    const key = `key-never-${Date.now()}`;
    app.sandbox.faults.inject("contractPlaceOrder", { kind: "drop-before" });
    const first = await place(key, body);
    expect(first.json.state).toBe("UNKNOWN");
    const resolved = await probe(key);
    expect(resolved.json).toMatchObject({ state: "PLACED", resolvedBy: "placed-by-probe" });
    expect(resolved.json.orderId).toMatch(/^\d+$/);
  });

  it("a 5xx on placement leaves it UNKNOWN, is never resent by a retry, and the probe settles it with exactly one order", async () => {
    app.role = "trader";
    const body = order();
    const key = `key-5xx-${Date.now()}`;
    app.sandbox.faults.inject("contractPlaceOrder", { kind: "status", status: 503 });
    const before = sends();
    const first = await place(key, body);
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ state: "UNKNOWN" });
    expect((await place(key, body)).json).toMatchObject({ state: "UNKNOWN", replayed: true });
    expect(sends() - before).toBe(1);
    // The 503 came before the exchange executed anything: the probe places the order, once.
    const resolved = await probe(key);
    expect(resolved.json).toMatchObject({ state: "PLACED", resolvedBy: "placed-by-probe" });
    expect((await probe(key)).json).toMatchObject({ state: "PLACED", replayed: true });
    expect(sends() - before).toBe(2);
  });

  it("two tabs sending the same intent at once (same key) place one order", async () => {
    app.role = "trader";
    const body = order();
    const key = `key-tabs-${Date.now()}`;
    const before = sends();
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(key, body)));
    expect(sends() - before).toBe(1);
    const ids = new Set(answers.map((a) => a.json.orderId).filter((id): id is string => typeof id === "string"));
    expect(ids.size).toBeLessThanOrEqual(1);
  });

  it("places a TP/SL conditional order on a position, audited; a repeated clientAlgoId is refused by the exchange; bad parameters send nothing", async () => {
    app.role = "trader";
    const clientAlgoId = `tp-${Date.now()}`;
    const body = { symbol: "BTCUSDT", clientAlgoId, planType: "STOP_LOSS", triggerPrice: "1000.0", quantity: "0.01", positionSide: "LONG", triggerPriceType: "MARK_PRICE" };
    const first = await call(tpslRoute.POST, "/api/orders/contract/tpsl", { body });
    expect(first.status).toBe(200);
    expect(first.json.results).toMatchObject([{ success: true, orderId: expect.stringMatching(/^\d+$/) }]);
    const again = await call(tpslRoute.POST, "/api/orders/contract/tpsl", { body });
    expect(again.json.results).toMatchObject([{ success: false, errorCode: expect.stringMatching(/DUPLICATE/) }]);
    const before = app.sandbox.requestCounts.get("placeTpSlOrder") ?? 0;
    const bad = await call(tpslRoute.POST, "/api/orders/contract/tpsl", { body: { ...body, clientAlgoId: "x", triggerPrice: "0" } });
    expect(bad.status).toBe(400);
    expect(app.sandbox.requestCounts.get("placeTpSlOrder") ?? 0).toBe(before);
    app.role = "analyst";
    expect((await call(tpslRoute.POST, "/api/orders/contract/tpsl", { body })).status).toBe(403);
  });

  it("spot batch placement relays the exchange's -1150 (unavailable today), audited; analysts are refused", async () => {
    app.role = "analyst";
    const body = { symbol: "BTCUSDT", orderList: [{ side: "BUY", type: "LIMIT", timeInForce: "GTC", quantity: "0.01", price: "1000" }] };
    expect((await call(spotBatchRoute.POST, "/api/orders/spot-batch", { body })).status).toBe(403);
    app.role = "trader";
    const answer = await call(spotBatchRoute.POST, "/api/orders/spot-batch", { body });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ available: false, code: -1150, msg: expect.stringMatching(/not supported/) });
    expect((await call(spotBatchRoute.POST, "/api/orders/spot-batch", { body: { symbol: "BTCUSDT", orderList: [] } })).status).toBe(400);
  });

  it("cancels in a batch with each element's own result, and audits every action (admins read it)", async () => {
    app.role = "trader";
    const key = `key-cancel-${Date.now()}`;
    const placed = await place(key, order());
    expect(placed.json.state).toBe("PLACED");
    const orderId = String(placed.json.orderId);
    const cancel = await call(cancelRoute.POST, "/api/orders/contract/cancel", { body: { orderIdList: [orderId, "123456789012345678"] } });
    expect(cancel.status).toBe(200);
    const results = cancel.json.results as Array<Record<string, unknown>>;
    expect(results).toHaveLength(2);
    expect(results.find((r) => r.orderId === orderId)).toMatchObject({ success: true });
    expect(results.find((r) => r.orderId === "123456789012345678")).toMatchObject({ success: false, errorCode: "ORDER_NOT_FOUND" });

    expect((await call(auditRoute.GET, "/api/orders/audit?limit=100", { method: "GET" })).status).toBe(403);
    app.role = "admin";
    const log = await call(auditRoute.GET, "/api/orders/audit?limit=100", { method: "GET" });
    expect(log.status).toBe(200);
    const entries = log.json.entries as Array<{ action: string; userEmail: string }>;
    const actions = new Set(entries.map((e) => e.action));
    for (const action of ["spotBatchOrders", "contractPlaceOrder", "contractPlaceOrder:replay", "contractPlaceOrder:probe", "contractBatchCancel"]) expect(actions).toContain(action);
    expect(entries[0]).toMatchObject({ action: "contractBatchCancel", userEmail: "trader@example.com" });
    const db = await getDb();
    expect((await db.select().from(tradeAudit)).length).toBe(entries.length);
  });
});
