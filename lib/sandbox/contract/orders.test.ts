import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { markPriceAt, priceAt, ticksToPrice } from "../data/price-walk";
import { findDipFrom, makeSim, SEED, T0 } from "./test-helpers";

const SYMBOL = "ETHUSDT";

describe("contract orders", () => {
  it("fills a MARKET order at once, fully, at the mark price", () => {
    const { sim } = makeSim();
    const before = new Decimal(sim.position(SYMBOL, "LONG"));
    const r = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "1.2345", newClientOrderId: "m-1" });
    expect(r).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOrderId: "m-1", success: true, errorCode: "", errorMessage: "" });
    const o = sim.getOrder(BigInt(r.orderId));
    const mark = markPriceAt(SEED, SYMBOL, T0);
    expect(o).toMatchObject({
      symbol: SYMBOL,
      side: "BUY",
      positionSide: "LONG",
      type: "MARKET",
      status: "FILLED",
      avgPrice: mark,
      executedQty: "1.2345",
      origQty: "1.2345",
      price: "0",
      cumQuote: new Decimal(mark).times("1.2345").toFixed(),
      reduceOnly: false,
      clientOrderId: "m-1",
      time: T0,
      updateTime: T0,
      workingType: "CONTRACT_PRICE",
    });
    expect(o?.orderId).toBe(BigInt(r.orderId));
    expect(new Decimal(sim.position(SYMBOL, "LONG")).minus(before).toFixed()).toBe("1.2345");
  });

  it("keeps cumQuote exact for awkward decimals", () => {
    const { sim } = makeSim();
    const r = sim.placeOrder({ symbol: "DOGEUSDT", side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "3333333", newClientOrderId: "m-2" });
    const o = sim.getOrder(BigInt(r.orderId));
    expect(o?.cumQuote).toBe(new Decimal(o?.avgPrice ?? "0").times(3333333).toFixed());
    expect(o?.cumQuote).not.toMatch(/e/);
  });

  it("rests a non-marketable GTC limit and fills it at the limit price when the price crosses", () => {
    const dip = findDipFrom(SEED, SYMBOL);
    const { sim, clock } = makeSim(SEED, dip.start);
    const limit = ticksToPrice(SYMBOL, dip.level);
    const r = sim.placeOrder({
      symbol: SYMBOL,
      side: "BUY",
      positionSide: "LONG",
      type: "LIMIT",
      timeInForce: "GTC",
      price: limit,
      quantity: "2",
      newClientOrderId: "l-1",
    });
    const id = BigInt(r.orderId);
    expect(sim.getOrder(id)).toMatchObject({ status: "NEW", executedQty: "0", avgPrice: "0", cumQuote: "0", price: limit });

    clock.now = dip.at - 1000;
    expect(sim.getOrder(id)?.status).toBe("NEW");
    const before = new Decimal(sim.position(SYMBOL, "LONG"));

    clock.now = dip.at + 60_000;
    const o = sim.getOrder(id);
    expect(o).toMatchObject({
      status: "FILLED",
      avgPrice: limit,
      executedQty: "2.0000",
      cumQuote: new Decimal(limit).times(2).toFixed(),
      updateTime: dip.at,
      time: dip.start,
    });
    expect(new Decimal(sim.position(SYMBOL, "LONG")).minus(before).toFixed()).toBe("2");
    expect(sim.getOrder(id)?.origQty).toBe("2.0000");
  });

  it("fills a marketable limit at once at the current contract price (never worse than the limit)", () => {
    const { sim } = makeSim();
    const current = priceAt(SEED, SYMBOL, T0);
    const limit = new Decimal(current).times(1.05).toDecimalPlaces(2).toFixed();
    for (const tif of ["GTC", "IOC", "FOK"] as const) {
      const r = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: tif, price: limit, quantity: "0.5", newClientOrderId: `mk-${tif}` });
      expect(sim.getOrder(BigInt(r.orderId))).toMatchObject({ status: "FILLED", avgPrice: current, executedQty: "0.5000", timeInForce: tif });
    }
  });

  it("cancels a non-marketable IOC or FOK with nothing executed", () => {
    const { sim } = makeSim();
    const current = priceAt(SEED, SYMBOL, T0);
    const below = new Decimal(current).times(0.9).toDecimalPlaces(2).toFixed();
    const above = new Decimal(current).times(1.1).toDecimalPlaces(2).toFixed();
    const cases = [
      { tif: "IOC", side: "BUY", price: below },
      { tif: "FOK", side: "BUY", price: below },
      { tif: "IOC", side: "SELL", price: above },
      { tif: "FOK", side: "SELL", price: above },
    ] as const;
    for (const [i, c] of cases.entries()) {
      const positionSide = c.side === "BUY" ? "LONG" : "SHORT";
      const before = sim.position(SYMBOL, positionSide);
      const r = sim.placeOrder({ symbol: SYMBOL, side: c.side, positionSide, type: "LIMIT", timeInForce: c.tif, price: c.price, quantity: "1", newClientOrderId: `x-${i}` });
      expect(r.success).toBe(true);
      expect(sim.getOrder(BigInt(r.orderId))).toMatchObject({ status: "CANCELED", executedQty: "0", cumQuote: "0", avgPrice: "0", timeInForce: c.tif });
      expect(sim.position(SYMBOL, positionSide)).toBe(before);
    }
  });

  it("opens and reduces positions per (symbol, positionSide)", () => {
    const { sim } = makeSim();
    const sym = "LINKUSDT";
    const long0 = new Decimal(sim.position(sym, "LONG"));
    const short0 = new Decimal(sim.position(sym, "SHORT"));
    const place = (side: "BUY" | "SELL", positionSide: "LONG" | "SHORT", quantity: string, id: string) =>
      sim.getOrder(BigInt(sim.placeOrder({ symbol: sym, side, positionSide, type: "MARKET", quantity, newClientOrderId: id }).orderId));
    expect(place("BUY", "LONG", "10", "p1")?.reduceOnly).toBe(false);
    expect(place("SELL", "LONG", "4", "p2")?.reduceOnly).toBe(true);
    expect(place("SELL", "SHORT", "7", "p3")?.reduceOnly).toBe(false);
    expect(place("BUY", "SHORT", "2.5", "p4")?.reduceOnly).toBe(true);
    expect(new Decimal(sim.position(sym, "LONG")).minus(long0).toFixed()).toBe("6");
    expect(new Decimal(sim.position(sym, "SHORT")).minus(short0).toFixed()).toBe("4.5");
  });

  it("refuses unknown symbols and reused client order ids inside the result", () => {
    const { sim } = makeSim();
    const bad = sim.placeOrder({ symbol: "FOOUSDT", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "1", newClientOrderId: "u-1" });
    expect(bad).toMatchObject({ success: false, orderId: "", clientOrderId: "u-1", errorCode: "INVALID_SYMBOL" });
    expect(bad.errorMessage).not.toBe("");

    const ok = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "1", newClientOrderId: "u-1" });
    expect(ok.success).toBe(true); // a refused request does not consume the id
    const dup = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "1", newClientOrderId: "u-1" });
    expect(dup).toMatchObject({ success: false, orderId: ok.orderId, errorCode: "DUPLICATE_CLIENT_ORDER_ID" });
    expect(ok.orderId).toMatch(/^\d+$/);
    expect(dup.errorMessage).not.toBe("");
  });

  it("answers undefined for an unknown order id", () => {
    const { sim } = makeSim();
    expect(sim.getOrder(123n)).toBeUndefined();
  });
});

describe("batch cancel", () => {
  it("reports each element on its own, in request order", () => {
    const { sim } = makeSim();
    const current = new Decimal(priceAt(SEED, SYMBOL, T0));
    const rest = (id: string) =>
      sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", price: current.times(0.5).toDecimalPlaces(2).toFixed(), quantity: "1", newClientOrderId: id });
    const a = rest("c-a");
    const b = rest("c-b");
    const filled = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "1", newClientOrderId: "c-m" });
    const unknown = 999_999_999_999_999_999n;

    const results = sim.cancelBatch({
      orderIdList: [BigInt(a.orderId), unknown, BigInt(a.orderId), BigInt(filled.orderId)],
      origClientOrderIdList: ["c-b", "c-nope"],
    });
    expect(results).toEqual([
      { orderId: a.orderId, origClientOrderId: "c-a", success: true, errorCode: "", errorMessage: "" },
      { orderId: unknown.toString(), origClientOrderId: "", success: false, errorCode: "ORDER_NOT_FOUND", errorMessage: "orderId not exist" },
      { orderId: a.orderId, origClientOrderId: "c-a", success: false, errorCode: "ORDER_ALREADY_FINALIZED", errorMessage: expect.stringContaining("CANCELED") },
      { orderId: filled.orderId, origClientOrderId: "c-m", success: false, errorCode: "ORDER_ALREADY_FINALIZED", errorMessage: expect.stringContaining("FILLED") },
      { orderId: b.orderId, origClientOrderId: "c-b", success: true, errorCode: "", errorMessage: "" },
      { orderId: "", origClientOrderId: "c-nope", success: false, errorCode: "ORDER_NOT_FOUND", errorMessage: "orderId not exist" },
    ]);
    expect(sim.getOrder(BigInt(a.orderId))).toMatchObject({ status: "CANCELED", executedQty: "0", updateTime: T0 });
    expect(sim.getOrder(BigInt(b.orderId))?.status).toBe("CANCELED");
  });

  it("a canceled order no longer fills when the price crosses", () => {
    const dip = findDipFrom(SEED, SYMBOL);
    const { sim, clock } = makeSim(SEED, dip.start);
    const r = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", price: ticksToPrice(SYMBOL, dip.level), quantity: "1", newClientOrderId: "cx" });
    clock.now = dip.start + 1000;
    expect(sim.cancelBatch({ orderIdList: [BigInt(r.orderId)] })[0]?.success).toBe(true);
    clock.now = dip.at + 10_000;
    expect(sim.getOrder(BigInt(r.orderId))).toMatchObject({ status: "CANCELED", updateTime: dip.start + 1000 });
  });

  it("an order filled before the cancel arrives cannot be canceled", () => {
    const dip = findDipFrom(SEED, SYMBOL);
    const { sim, clock } = makeSim(SEED, dip.start);
    const r = sim.placeOrder({ symbol: SYMBOL, side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", price: ticksToPrice(SYMBOL, dip.level), quantity: "1", newClientOrderId: "late" });
    clock.now = dip.at + 5_000;
    expect(sim.cancelBatch({ origClientOrderIdList: ["late"] })[0]).toMatchObject({ success: false, errorCode: "ORDER_ALREADY_FINALIZED", orderId: r.orderId });
    expect(sim.getOrder(BigInt(r.orderId))).toMatchObject({ status: "FILLED", updateTime: dip.at });
  });
});
