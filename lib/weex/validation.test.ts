import { describe, expect, it } from "vitest";
import { INVALID_CASES } from "../../test/fixtures/invalid-requests";
import { ENDPOINTS } from "./endpoints";
import { ERROR_CODES } from "./errors";
import { validateParams } from "./validation";

describe("request rules of the endpoints table", () => {
  for (const c of INVALID_CASES) {
    it(`refuses ${c.name} with ${c.expect}`, () => {
      const result = validateParams(ENDPOINTS[c.endpoint], c.params);
      expect(result).toMatchObject({ ok: false, code: ERROR_CODES[c.expect].code });
    });
  }

  it("accepts well-formed requests and applies the spec's defaults", () => {
    const all = validateParams(ENDPOINTS.spotAllOrders, { symbol: "BTCUSDT" });
    expect(all).toEqual({ ok: true, value: { symbol: "BTCUSDT", limit: 100, page: 1 } });
    expect(validateParams(ENDPOINTS.accountBills, {})).toEqual({ ok: true, value: { limit: 10 } });
    expect(validateParams(ENDPOINTS.fundingBills, {})).toEqual({ ok: true, value: { pageIndex: 1, pageSize: 10 } });
    expect(validateParams(ENDPOINTS.allAlgoOrders, {})).toEqual({ ok: true, value: { limit: 500 } });
    expect(validateParams(ENDPOINTS.getAffiliateCommission, {})).toEqual({ ok: true, value: { productType: "SPOT", page: 1, pageSize: 100 } });
    expect(validateParams(ENDPOINTS.querySubChannelTransactions, { productType: "FUTURES", startTime: null })).toEqual({
      ok: true,
      value: { productType: "FUTURES", startTime: null, pageNum: 1, pageSize: 100 },
    });
    const placed = validateParams(ENDPOINTS.contractPlaceOrder, {
      symbol: "BTCUSDT", side: "SELL", positionSide: "SHORT", type: "LIMIT", timeInForce: "IOC", quantity: "1", price: "1.5", newClientOrderId: "A.b:c/d_e-f",
    });
    expect(placed.ok && placed.value).toMatchObject({ TpWorkingType: "CONTRACT_PRICE", SlWorkingType: "CONTRACT_PRICE" });
    expect(validateParams(ENDPOINTS.placeTpSlOrder, {
      symbol: "BTCUSDT", clientAlgoId: "x", planType: "STOP_LOSS", triggerPrice: "1", quantity: "1", positionSide: "LONG",
    })).toMatchObject({ ok: true, value: { triggerPriceType: "CONTRACT_PRICE" } });
  });

  it("reads query-string renderings the same as typed values", () => {
    expect(validateParams(ENDPOINTS.spotAllOrders, { symbol: "BTCUSDT", limit: "1000", page: "2", startTime: "1", endTime: "2" })).toMatchObject({
      ok: true,
      value: { limit: 1000, page: 2, startTime: 1, endTime: 2 },
    });
    for (const symbols of ["BTCUSDT,ETHUSDT", '["BTCUSDT","ETHUSDT"]', ["BTCUSDT", "ETHUSDT"]]) {
      expect(validateParams(ENDPOINTS.exchangeInfo, { symbols })).toEqual({ ok: true, value: { symbols: ["BTCUSDT", "ETHUSDT"] } });
    }
  });

  it("keeps 64-bit ids digit for digit and refuses ids that already lost digits", () => {
    const id = "987654321987654321";
    expect(validateParams(ENDPOINTS.contractGetOrder, { orderId: id })).toEqual({ ok: true, value: { orderId: id } });
    expect(validateParams(ENDPOINTS.contractGetOrder, { orderId: BigInt(id) })).toEqual({ ok: true, value: { orderId: id } });
    expect(validateParams(ENDPOINTS.contractGetOrder, { orderId: 987654321987654321 })).toMatchObject({ ok: false });
    expect(validateParams(ENDPOINTS.contractBatchCancel, { orderIdList: [id, 42] })).toEqual({ ok: true, value: { orderIdList: [id, "42"] } });
  });

  it("commission range: exactly 3 calendar months is accepted", () => {
    const start = Date.UTC(2026, 0, 31);
    expect(validateParams(ENDPOINTS.getAffiliateCommission, { startTime: start, endTime: Date.UTC(2026, 3, 30) }).ok).toBe(true);
    expect(validateParams(ENDPOINTS.getAffiliateCommission, { startTime: start, endTime: Date.UTC(2026, 3, 30) + 1 }).ok).toBe(false);
  });
});
