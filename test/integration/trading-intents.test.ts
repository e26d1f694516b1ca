/**
 * Idempotency keys belong to one trader: scoped per (connection, user, key); a repeat of a key
 * whose first request is still with the exchange answers 409; and the probe records the order id
 * the exchange reports. Route handlers on the embedded sandbox and an embedded database.
 */
import { describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/api/orders/contract/cancel/route";
import * as probeRoute from "@/app/api/orders/contract/probe/route";
import * as placeRoute from "@/app/api/orders/contract/route";
import { setSessionUserResolver, type SessionUser } from "@/lib/auth/session";
import { pooledClient } from "@/lib/exchange/client-pool";
import { selectedConnection } from "@/lib/exchange/connections";
import { demoAppSuite } from "../support/demo-app";

type Handler = (request: Request) => Promise<Response>;

const app = demoAppSuite("trading-intents", "trader");

async function call(handler: unknown, url: string, init: { body?: unknown; key?: string } = {}) {
  const started = Date.now();
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: {
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(init.key ? { "Idempotency-Key": init.key } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const response = await (handler as Handler)(request);
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers, ms: Date.now() - started };
}

const place = (key: string, body: unknown) => call(placeRoute.POST, "/api/orders/contract", { key, body });
const probe = (key: string) => call(probeRoute.POST, "/api/orders/contract/probe", { key });
const sends = () => app.sandbox.requestCounts.get("contractPlaceOrder") ?? 0;

let seq = 0;
function order() {
  seq += 1;
  return {
    symbol: "BTCUSDT",
    side: "BUY",
    positionSide: "LONG",
    type: "LIMIT",
    timeInForce: "GTC",
    quantity: "0.01",
    price: "1000",
    newClientOrderId: `rd-int-${Date.now()}-${seq}`,
  };
}

/** Runs `fn` signed in as another trader (a different user id). */
async function asOtherTrader<T>(fn: () => Promise<T>): Promise<T> {
  const other: SessionUser = { id: "other-trader-id", email: "other@example.com", name: "other", role: "trader" };
  const restore = setSessionUserResolver(async () => other);
  try {
    return await fn();
  } finally {
    restore();
  }
}

describe("idempotency keys per user", () => {
  it("another trader reusing a key places their own order and never sees the first one's answer", async () => {
    const key = `key-shared-${Date.now()}`;
    const myOrder = order();
    const mine = await place(key, myOrder);
    expect(mine.json).toMatchObject({ state: "PLACED", replayed: false });
    const before = sends();

    const theirs = await asOtherTrader(() => place(key, order()));
    expect(theirs.status).toBe(200);
    expect(theirs.json).toMatchObject({ state: "PLACED", replayed: false });
    expect(theirs.json.orderId).toMatch(/^\d+$/);
    expect(theirs.json.orderId).not.toBe(mine.json.orderId);
    expect(sends() - before).toBe(1);

    // Each trader's repeat answers their own order.
    expect((await place(key, myOrder)).json).toMatchObject({ orderId: mine.json.orderId, replayed: true });
    expect((await asOtherTrader(() => place(key, order()))).json.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(sends() - before).toBe(1);
  });

  it("a trader cannot probe another trader's intent", async () => {
    const key = `key-lost-mine-${Date.now()}`;
    app.sandbox.faults.inject("contractPlaceOrder", { kind: "drop-after" });
    expect((await place(key, order())).json.state).toBe("UNKNOWN");
    const before = sends();
    const other = await asOtherTrader(() => probe(key));
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ code: "NOT_FOUND" });
    expect(sends()).toBe(before);
  });
});

describe("a key whose first request is still in flight", () => {
  it("answers 409 INTENT_IN_PROGRESS to a repeat and to a probe, and sends once", async () => {
    const key = `key-inflight-${Date.now()}`;
    const body = order();
    app.sandbox.faults.inject("contractPlaceOrder", { kind: "delay", ms: 600 });
    const before = sends();
    const first = place(key, body);
    await new Promise((r) => setTimeout(r, 150)); // the first is stored PENDING and waiting on the exchange
    const repeat = await place(key, body);
    expect(repeat.status).toBe(409);
    expect(repeat.json).toMatchObject({ code: "INTENT_IN_PROGRESS", msg: expect.any(String) });
    const probed = await probe(key);
    expect(probed.status).toBe(409);
    expect(probed.json.code).toBe("INTENT_IN_PROGRESS");
    expect((await first).json).toMatchObject({ state: "PLACED", replayed: false });
    expect(sends() - before).toBe(1);
    // Once it has settled, a repeat answers the stored result.
    expect((await place(key, body)).json).toMatchObject({ state: "PLACED", replayed: true });
  });
});

describe("the probe records the order id", () => {
  it("a duplicate refusal resolves the intent with the id of the order the exchange holds", async () => {
    const key = `key-probe-id-${Date.now()}`;
    const body = order();
    app.sandbox.faults.inject("contractPlaceOrder", { kind: "drop-after" });
    expect((await place(key, body)).json.state).toBe("UNKNOWN");
    const resolved = await probe(key);
    expect(resolved.json).toMatchObject({ state: "PLACED", resolvedBy: "duplicate-refusal", error: null });
    expect(resolved.json.orderId).toMatch(/^\d+$/);
    // The exchange's own record of that client order id names the same order.
    const cancel = await call(cancelRoute.POST, "/api/orders/contract/cancel", { body: { origClientOrderIdList: [body.newClientOrderId] } });
    const results = cancel.json.results as Array<Record<string, unknown>>;
    expect(results[0]).toMatchObject({ success: true, orderId: resolved.json.orderId });
    // And the stored intent keeps it.
    expect((await place(key, body)).json).toMatchObject({ state: "PLACED", replayed: true, orderId: resolved.json.orderId });
  });
});

describe("an order while the exchange's weight budget is paused", () => {
  it("answers 503 with Retry-After at once, sends nothing, and leaves the key free to use again", async () => {
    const connection = (await selectedConnection(undefined))!;
    const { client } = pooledClient(connection);
    const pauseMs = 3_000;
    // What a 429 from the exchange does: every call on the connection's keys waits out Retry-After.
    await client.budget.pause([`ip:${new URL(connection.spotBaseUrl).host}`, `uid:${connection.credentials.apiKey}`], Date.now() + pauseMs);
    const key = `key-paused-${Date.now()}`;
    const body = order();
    const before = sends();
    const refused = await place(key, body);
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ code: -1054, msg: expect.stringMatching(/nothing was sent/) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.ms, "refused at once, not after the pause").toBeLessThan(1_500);
    expect(sends()).toBe(before);

    await new Promise((r) => setTimeout(r, pauseMs + 100));
    const placed = await place(key, body);
    expect(placed.json).toMatchObject({ state: "PLACED", replayed: false });
    expect(sends() - before).toBe(1);
  }, 20_000);
});
