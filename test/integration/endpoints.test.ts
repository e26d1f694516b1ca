/** Every endpoint of the table through our client against the sandbox, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import type { WeexClient } from "../../lib/weex/client";
import { ENDPOINT_LIST, type EndpointId } from "../../lib/weex/endpoints";
import { ERROR_CODES } from "../../lib/weex/errors";
import { clientFor, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
let client: WeexClient;
const covered = new Set<EndpointId>();
const DAY = 86_400_000;

beforeAll(async () => {
  sandbox = await startTestSandbox({ batchEnabled: true, budget: 100_000 });
  client = clientFor(sandbox);
});
afterAll(() => sandbox.close());

async function call<Id extends EndpointId>(id: Id, params?: Parameters<WeexClient["call"]>[1]) {
  covered.add(id);
  return client.call(id, params as never);
}

describe("market", () => {
  it("exchangeInfo: every symbol with its rules, filters by symbol and symbols", async () => {
    const all = await call("exchangeInfo");
    expect(all.timezone).toBe("UTC");
    expect(Math.abs(all.serverTime - Date.now())).toBeLessThan(5_000);
    expect(all.symbols.length).toBeGreaterThanOrEqual(10);
    expect(all.symbols[0]).toMatchObject({ symbol: "BTCUSDT", status: "TRADING", tickSize: expect.any(String), stepSize: expect.any(String) });
    const one = await call("exchangeInfo", { symbol: "ETHUSDT" });
    expect(one.symbols.map((s) => s.symbol)).toEqual(["ETHUSDT"]);
    const two = await call("exchangeInfo", { symbols: ["ETHUSDT", "SOLUSDT"] });
    expect(two.symbols.map((s) => s.symbol).sort()).toEqual(["ETHUSDT", "SOLUSDT"]);
  });

  it("ticker24hr: one object for symbol, an array otherwise", async () => {
    const one = await call("ticker24hr", { symbol: "BTCUSDT" });
    expect(Array.isArray(one)).toBe(false);
    expect(one).toMatchObject({ symbol: "BTCUSDT" });
    const all = await call("ticker24hr");
    expect(Array.isArray(all) && all.length).toBeGreaterThanOrEqual(10);
  });

  it("klines: candles oldest first, [openTime, open, high, low, close, volume, …]", async () => {
    const candles = await call("klines", { symbol: "BTCUSDT", interval: "1d", limit: 7 });
    expect(candles).toHaveLength(7);
    expect(candles[0]).toEqual([expect.any(Number), expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(Number), expect.any(String)]);
    expect(candles.map((c) => c[0])).toEqual([...candles.map((c) => c[0])].sort((a, b) => a - b));
  });
});

describe("spot account and orders", () => {
  it("account: balances, fee rates and flags", async () => {
    const account = await call("account");
    expect(account.accountType).toBe("SPOT");
    expect(account.uid).toMatch(/^\d+$/);
    expect(account.balances.length).toBeGreaterThan(0);
    expect(account.commissionRates).toMatchObject({ maker: expect.any(String), taker: expect.any(String) });
  });

  it("bills and funding bills", async () => {
    const bills = await call("accountBills", { limit: 100 });
    expect(bills).toHaveLength(100);
    expect(bills[0]).toMatchObject({ billId: expect.stringMatching(/^\d+$/), coinName: expect.any(String), cTime: expect.stringMatching(/^\d+$/) });
    const funding = await call("fundingBills", { pageSize: 5 });
    expect(funding.items).toHaveLength(5);
    expect(funding.page).toBe(1);
    expect(funding.items[0]?.fillSize ?? null).toBeNull();
  });

  it("allOrders, openOrders and order details by id and by client id", async () => {
    const orders = await call("spotAllOrders", { symbol: "BTCUSDT", limit: 1000 });
    expect(orders.length).toBeGreaterThan(0);
    const open = await call("spotOpenOrders");
    for (const o of open) expect(["NEW", "PARTIALLY_FILLED"]).toContain(o.status);
    const sample = orders[0]!;
    expect(BigInt(sample.orderId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const byId = await call("spotGetOrder", { orderId: sample.orderId });
    expect(byId.orderId).toBe(sample.orderId);
    const byClientId = await call("spotGetOrder", { origClientOrderId: sample.clientOrderId });
    expect(byClientId.clientOrderId).toBe(sample.clientOrderId);
    await expect(call("spotGetOrder", { orderId: "1" })).rejects.toMatchObject({ kind: "refused", code: ERROR_CODES.SPOT_ORDER_NOT_FOUND.code });
  });

  it("batch placement (enabled in this sandbox): per-element results, INSUFFICIENT_BALANCE beside a success", async () => {
    const result = await call("spotBatchOrders", {
      symbol: "BTCUSDT",
      orderList: [
        { side: "BUY", type: "LIMIT", timeInForce: "GTC", quantity: "0.001", price: "1000.0", newClientOrderId: "batch-ok" },
        { side: "BUY", type: "LIMIT", timeInForce: "GTC", quantity: "900", price: "60000.0", newClientOrderId: "batch-too-big" },
      ],
    });
    expect(result.orderList).toHaveLength(2);
    expect(result.orderList[0]).toMatchObject({ clientOrderId: "batch-ok", orderId: expect.stringMatching(/^\d{18}$/) });
    expect(result.orderList[1]).toMatchObject({ clientOrderId: "batch-too-big", errorCode: "INSUFFICIENT_BALANCE", errorMsg: "insufficient balance" });
    expect(result.orderList[1]?.orderId ?? undefined).toBeUndefined();
  });
});

describe("contract", () => {
  it("places, reads, and cancels orders; TP/SL and algo history", async () => {
    const placed = await call("contractPlaceOrder", {
      symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", quantity: "0.01", price: "1000.0", newClientOrderId: "it-limit-1",
    });
    expect(placed).toMatchObject({ success: true, clientOrderId: "it-limit-1", errorCode: "", errorMessage: "" });
    const order = await call("contractGetOrder", { orderId: placed.orderId });
    expect(order).toMatchObject({ orderId: placed.orderId, status: "NEW", type: "LIMIT" });

    const market = await call("contractPlaceOrder", {
      symbol: "BTCUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: "it-market-1",
    });
    expect((await call("contractGetOrder", { orderId: market.orderId })).status).toBe("FILLED");

    const tpsl = await call("placeTpSlOrder", {
      symbol: "BTCUSDT", clientAlgoId: "it-tp-1", planType: "TAKE_PROFIT", triggerPrice: "500000.0", quantity: "0.01", positionSide: "LONG",
    });
    expect(tpsl[0]).toMatchObject({ success: true, orderId: expect.stringMatching(/^\d+$/) });

    const cancel = await call("contractBatchCancel", { orderIdList: [placed.orderId, "123456789012345678"] });
    expect(cancel).toHaveLength(2);
    expect(cancel[0]).toMatchObject({ orderId: placed.orderId, success: true });
    expect(cancel[1]).toMatchObject({ success: false, errorCode: "ORDER_NOT_FOUND", errorMessage: "orderId not exist" });

    const history = await call("allAlgoOrders", { symbol: "BTCUSDT", startTime: Date.now() - 60 * DAY, endTime: Date.now(), limit: 1000 });
    expect(history.orders.some((o) => o.clientAlgoId === "it-tp-1")).toBe(true);
    await expect(call("contractGetOrder", { orderId: "1" })).rejects.toMatchObject({ code: ERROR_CODES.CONTRACT_ORDER_NOT_FOUND.code });
  });
});

describe("affiliate reports", () => {
  it("commission, sub-affiliates, invitees, trade and asset", async () => {
    const now = Date.now();
    const commission = await call("getAffiliateCommission", { productType: "FUTURES", startTime: now - 30 * DAY, endTime: now });
    expect(commission.total).toBeGreaterThan(0);
    expect(commission.channelCommissionInfoItems[0]).toMatchObject({ uid: expect.stringMatching(/^\d+$/), productType: "FUTURES", date: expect.any(Number) });
    const subs = await call("querySubChannelTransactions", { productType: "FUTURES" });
    expect(subs.records.length).toBeGreaterThan(0);
    expect(subs.current).toBe(1);
    const invitees = await call("getAffiliateUIDs", { pageSize: 10 });
    expect(invitees.channelUserInfoItemList).toHaveLength(10);
    const tradeAndAsset = await call("getChannelUserTradeAndAsset", { startTime: now - 30 * DAY, endTime: now });
    expect(tradeAndAsset.records.length).toBeGreaterThan(0);
  });

  it("commission defaults to the last 7 days", async () => {
    const page = await call("getAffiliateCommission", { productType: "FUTURES", pageSize: 1000 });
    const now = Date.now();
    for (const item of page.channelCommissionInfoItems) expect(item.date).toBeGreaterThanOrEqual(now - 7 * DAY - DAY);
  });
});

describe("coverage", () => {
  it("every endpoint of the table was called above", () => {
    expect([...covered].sort()).toEqual(ENDPOINT_LIST.map((e) => e.id).sort());
  });
});
