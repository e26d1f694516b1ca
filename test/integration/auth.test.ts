import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import { ERROR_CODES } from "../../lib/weex/errors";
import { keyOf, rawRequest, startTestSandbox } from "../support/exchange";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const ACCOUNT = { method: "GET", path: "/api/v3/account/" } as const;
const BILLS = { method: "POST", path: "/api/v3/account/bills", body: '{"limit":5}' } as const;
const ALL_ORDERS = { method: "GET", path: "/api/v3/allOrders", query: "symbol=BTCUSDT&limit=10" } as const;

describe("sandbox authentication, as the real exchange", () => {
  it("accepts a correctly signed GET (trailing slash path), POST and a query string", async () => {
    for (const r of [ACCOUNT, BILLS, ALL_ORDERS]) {
      const res = await rawRequest(sandbox, r);
      expect(res.status, res.text).toBe(200);
    }
  });

  it("serves public endpoints without any header", async () => {
    const res = await fetch(`${sandbox.url}/api/v3/market/ticker/24hr?symbol=BTCUSDT`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ symbol: "BTCUSDT" });
  });

  const refusals: Array<[string, Parameters<typeof rawRequest>[1], keyof typeof ERROR_CODES, number]> = [
    ["ACCESS-KEY missing", { ...ACCOUNT, headers: { "ACCESS-KEY": undefined } }, "KEY_MISSING", 401],
    ["ACCESS-SIGN missing", { ...ACCOUNT, headers: { "ACCESS-SIGN": undefined } }, "SIGN_MISSING", 401],
    ["ACCESS-TIMESTAMP missing", { ...ACCOUNT, headers: { "ACCESS-TIMESTAMP": undefined } }, "TIMESTAMP_MISSING", 401],
    ["ACCESS-PASSPHRASE missing", { ...ACCOUNT, headers: { "ACCESS-PASSPHRASE": undefined } }, "PASSPHRASE_INVALID", 401],
    ["timestamp not a number", { ...ACCOUNT, headers: { "ACCESS-TIMESTAMP": "yesterday" } }, "TIMESTAMP_INVALID", 401],
    ["unknown key", { ...ACCOUNT, key: "nobody" }, "KEY_INVALID", 401],
    ["wrong passphrase", { ...ACCOUNT, passphrase: "guess" }, "PASSPHRASE_INVALID", 401],
    ["wrong secret", { ...ACCOUNT, secret: "guess" }, "SIGNATURE_INVALID", 401],
    ["tampered query", { ...ALL_ORDERS, signQuery: "symbol=BTCUSDT&limit=11" }, "SIGNATURE_INVALID", 401],
    ["query signed in another order", { ...ALL_ORDERS, signQuery: "limit=10&symbol=BTCUSDT" }, "SIGNATURE_INVALID", 401],
    ["tampered body", { ...BILLS, signBody: '{"limit":6}' }, "SIGNATURE_INVALID", 401],
    ["body re-serialised with a space", { ...BILLS, signBody: '{"limit": 5}' }, "SIGNATURE_INVALID", 401],
    ["POST without Content-Type", { ...BILLS, headers: { "Content-Type": undefined } }, "CONTENT_TYPE_INVALID", 400],
    ["POST with text/plain", { ...BILLS, headers: { "Content-Type": "text/plain" } }, "CONTENT_TYPE_INVALID", 400],
  ];
  for (const [name, request, code, status] of refusals) {
    it(`refuses: ${name}`, async () => {
      const res = await rawRequest(sandbox, request);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ code: ERROR_CODES[code].code, msg: expect.any(String) });
    });
  }

  it("refuses stale and future timestamps beyond ±30 s, accepts within", async () => {
    const now = sandbox.options.now();
    for (const skew of [-31_000, 31_000]) {
      const res = await rawRequest(sandbox, { ...ACCOUNT, timestamp: now + skew });
      expect(res.body).toMatchObject({ code: ERROR_CODES.TIMESTAMP_EXPIRED.code });
    }
    for (const skew of [-25_000, 25_000]) {
      const res = await rawRequest(sandbox, { ...ACCOUNT, timestamp: now + skew });
      expect(res.status).toBe(200);
    }
  });

  it("the plain key is refused on affiliate endpoints, the read-only key on TRADE endpoints", async () => {
    const affiliate = await rawRequest(sandbox, { method: "GET", path: "/api/v3/rebate/affiliate/getAffiliateUIDs", key: keyOf(sandbox, "plain") });
    expect(affiliate.status).toBe(403);
    expect(affiliate.body).toMatchObject({ code: ERROR_CODES.NO_API_PERMISSION.code });
    const sub = await rawRequest(sandbox, { method: "POST", path: "/api/v3/rebate/affiliate/querySubChannelTransactions", body: '{"productType":"SPOT"}', key: keyOf(sandbox, "plain") });
    expect(sub.body).toMatchObject({ code: ERROR_CODES.NO_API_PERMISSION.code });
    const trade = await rawRequest(sandbox, {
      method: "POST",
      path: "/capi/v3/order",
      body: '{"symbol":"BTCUSDT","side":"BUY","positionSide":"LONG","type":"MARKET","quantity":"0.001","newClientOrderId":"ro-1"}',
      key: keyOf(sandbox, "readonly"),
    });
    expect(trade.status).toBe(403);
    expect(trade.body).toMatchObject({ code: ERROR_CODES.INSUFFICIENT_PERMISSIONS.code });
    // The read-only key still reads.
    expect((await rawRequest(sandbox, { ...ACCOUNT, key: keyOf(sandbox, "readonly") })).status).toBe(200);
  });

  it("answers unknown paths and wrong methods with {code,msg}, never a stack trace", async () => {
    const missing = await rawRequest(sandbox, { method: "GET", path: "/api/v3/nothing" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: expect.any(Number), msg: expect.any(String) });
    const wrong = await rawRequest(sandbox, { method: "DELETE", path: "/api/v3/account/bills" });
    expect(wrong.status).toBe(405);
    expect(wrong.body).toMatchObject({ code: ERROR_CODES.METHOD_NOT_SUPPORTED.code });
    const badJson = await rawRequest(sandbox, { method: "POST", path: "/api/v3/account/bills", body: "{limit:" });
    expect(badJson.body).toMatchObject({ code: ERROR_CODES.INVALID_JSON.code });
  });

  it("spot batch placement answers -1150 as the real exchange does today", async () => {
    const res = await rawRequest(sandbox, { method: "POST", path: "/api/v3/order/batch", body: '{"symbol":"BTCUSDT","orderList":[]}' });
    expect(res.body).toEqual({ code: -1150, msg: "Request method 'POST' not supported" });
  });
});
