/**
 * Symbol rules and the spot tie, over real HTTP: the sandbox refuses orders
 * that break the spot symbol's rules with the chosen codes (-1160, -1140), our
 * order route refuses them before storing or sending anything, and the
 * contract prices follow the spot ticker, so a limit order 1 % away from the
 * ticker's last rests until cancelled.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/api/orders/contract/cancel/route";
import * as intentsRoute from "@/app/api/orders/contract/intents/route";
import * as placeRoute from "@/app/api/orders/contract/route";
import * as tpslRoute from "@/app/api/orders/contract/tpsl/route";
import { getDb } from "@/lib/db/client";
import { orderIntents } from "@/lib/db/schema";
import type { RunningSandbox } from "@/lib/sandbox";
import type { WeexClient } from "@/lib/weex/client";
import { isWeexError } from "@/lib/weex/errors";
import { demoAppSuite } from "../support/demo-app";
import { clientFor, startTestSandbox } from "../support/exchange";

type Handler = (request: Request) => Promise<Response>;

const app = demoAppSuite("trading-rules", "trader");

async function post(handler: unknown, url: string, body: unknown, key?: string) {
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
    body: JSON.stringify(body),
  });
  const response = await (handler as Handler)(request);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

let seq = 0;
const clientId = () => `rd-rules-${Date.now()}-${++seq}`;
const limitBuy = (quantity: string, price: string) => ({
  symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", quantity, price, newClientOrderId: clientId(),
});

/** The orders that went through as 'Placed', and the codes they must get. */
const BREACHES: Array<[string, ReturnType<typeof limitBuy>, number, string]> = [
  ["0.0000001 BTC at 65000.123", limitBuy("0.0000001", "65000.123"), -1160, "quantity"],
  ["a quantity with 22 decimals", limitBuy("0.0100000000000000000001", "65000"), -1160, "quantity"],
  ["a quantity of 10^30", limitBuy("1000000000000000000000000000000", "65000"), -1140, "quantity"],
  ["a price off the tick", limitBuy("0.01", "65000.15"), -1160, "price"],
];

describe("the sandbox refuses what breaks the symbol rules", () => {
  let sandbox: RunningSandbox;
  let client: WeexClient;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = clientFor(sandbox);
  });
  afterAll(async () => sandbox.close());

  for (const [name, order, code] of BREACHES) {
    it(`refuses ${name} with ${code}`, async () => {
      const error = await client.call("contractPlaceOrder", order as never).catch((e: unknown) => e);
      expect(isWeexError(error) && error.kind === "refused" ? error.code : error).toBe(code);
    });
  }

  it("refuses a buy limit more than 5 % above the ticker (-1140) and a TP/SL trigger off the tick (-1160)", async () => {
    const ticker = await client.call("ticker24hr", { symbol: "BTCUSDT" });
    const last = new Decimal(Array.isArray(ticker) ? "0" : ticker.lastPrice);
    const tooHigh = limitBuy("0.01", last.times(1.06).toNearest("0.1").toFixed(1));
    const a = await client.call("contractPlaceOrder", tooHigh as never).catch((e: unknown) => e);
    expect(isWeexError(a) ? a.code : a).toBe(-1140);
    const tpsl = { symbol: "BTCUSDT", clientAlgoId: clientId(), planType: "STOP_LOSS", triggerPrice: "1000.05", quantity: "0.01", positionSide: "LONG" };
    const b = await client.call("placeTpSlOrder", tpsl as never).catch((e: unknown) => e);
    expect(isWeexError(b) ? b.code : b).toBe(-1160);
  });

  it("rests a buy 1 % under the ticker's last and a sell 1 % over it, and accepts a stop-loss 10 % under it", async () => {
    const ticker = await client.call("ticker24hr", { symbol: "BTCUSDT" });
    const last = new Decimal(Array.isArray(ticker) ? "0" : ticker.lastPrice);
    const buy = await client.call("contractPlaceOrder", limitBuy("0.01", last.times(0.99).toNearest("0.1", Decimal.ROUND_DOWN).toFixed(1)) as never);
    const sell = await client.call("contractPlaceOrder", {
      ...limitBuy("0.01", last.times(1.01).toNearest("0.1", Decimal.ROUND_UP).toFixed(1)), side: "SELL", positionSide: "SHORT",
    } as never);
    expect([buy.success, sell.success]).toEqual([true, true]);
    for (const placed of [buy, sell]) {
      expect((await client.call("contractGetOrder", { orderId: String(placed.orderId) })).status).toBe("NEW");
    }
    const market = await client.call("contractPlaceOrder", {
      symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.002", newClientOrderId: clientId(),
      slTriggerPrice: last.times(0.9).toNearest("0.1").toFixed(1), SlWorkingType: "MARK_PRICE",
    } as never);
    expect(market).toMatchObject({ success: true, errorCode: "" });
    const filled = await client.call("contractGetOrder", { orderId: String(market.orderId) });
    expect(filled.status).toBe("FILLED");
    expect(new Decimal(filled.avgPrice).div(last).minus(1).abs().lte(0.003)).toBe(true);
  });
});

describe("our order route checks the rules before storing or sending", () => {
  const sends = () => app.sandbox.requestCounts.get("contractPlaceOrder") ?? 0;

  for (const [name, order, code, field] of BREACHES) {
    it(`answers 400 ${code} naming ${field} for ${name}, sends nothing, stores no intent`, async () => {
      const before = sends();
      const key = `rules-${Date.now()}-${++seq}`;
      const answer = await post(placeRoute.POST, "/api/orders/contract", order, key);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ code, field });
      expect(typeof answer.json.msg).toBe("string");
      expect(sends()).toBe(before);
      const db = await getDb();
      const stored = await db.select().from(orderIntents);
      expect(stored.some((r) => r.idempotencyKey === key)).toBe(false);
    });
  }

  it("refuses a TP/SL trigger off the tick before sending (400 -1160)", async () => {
    const before = app.sandbox.requestCounts.get("placeTpSlOrder") ?? 0;
    const answer = await post(tpslRoute.POST, "/api/orders/contract/tpsl", {
      symbol: "ETHUSDT", clientAlgoId: clientId(), planType: "TAKE_PROFIT", triggerPrice: "9000.005", quantity: "0.01", positionSide: "LONG",
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: -1160, field: "triggerPrice" });
    expect(app.sandbox.requestCounts.get("placeTpSlOrder") ?? 0).toBe(before);
  });

  it("places a buy 1 % under the reference price that rests, then cancels it", async () => {
    const reference = await (await fetch(`${app.sandbox.url}/api/v3/market/ticker/24hr?symbol=BTCUSDT`)).json() as { lastPrice: string };
    const price = new Decimal(reference.lastPrice).times(0.99).toNearest("0.1", Decimal.ROUND_DOWN).toFixed(1);
    const placed = await post(placeRoute.POST, "/api/orders/contract", limitBuy("0.010", price), `rules-rest-${Date.now()}`);
    expect(placed.status).toBe(200);
    expect(placed.json).toMatchObject({ state: "PLACED", error: null });
    // The contract orders list: newest first, with what was asked and the order's id; traders only.
    const list = async () => {
      const response = await (intentsRoute.GET as unknown as Handler)(new Request("http://localhost/api/orders/contract/intents?limit=5"));
      return { status: response.status, json: (await response.json()) as { intents: Array<{ orderId: string; state: string; request: { price: string } }> } };
    };
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.json.intents[0]).toMatchObject({ orderId: placed.json.orderId, state: "PLACED", request: { price } });
    app.role = "viewer";
    expect((await list()).status).toBe(403);
    app.role = "trader";

    const cancelled = await post(cancelRoute.POST, "/api/orders/contract/cancel", { orderIdList: [placed.json.orderId] });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ results: [{ success: true, errorCode: "" }] });
  });
});
