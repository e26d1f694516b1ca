import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { markPriceTicksAt, priceAt, priceTicksAt, ticksToPrice } from "../data/price-walk";
import { findDipFrom, findSplit, makeSim, price, searchFrom, SEED, T0 } from "./test-helpers";
import type { AlgoOrder, ContractSimulator, PlanType, PositionSide, WorkingType } from "./types";

const SYMBOL = "BTCUSDT";

function algoById(sim: ContractSimulator, id: bigint | null): AlgoOrder | undefined {
  return sim.algoOrders({ limit: 1000 }).orders.find((a) => a.algoId === id);
}

function algoByClientId(sim: ContractSimulator, clientAlgoId: string): AlgoOrder | undefined {
  return sim.algoOrders({ limit: 1000 }).orders.find((a) => a.clientAlgoId === clientAlgoId);
}

const cases: Array<{ positionSide: PositionSide; planType: PlanType; leader: WorkingType; direction: "UP" | "DOWN" }> = [
  { positionSide: "LONG", planType: "TAKE_PROFIT", leader: "CONTRACT_PRICE", direction: "UP" },
  { positionSide: "LONG", planType: "STOP_LOSS", leader: "MARK_PRICE", direction: "DOWN" },
  { positionSide: "SHORT", planType: "TAKE_PROFIT", leader: "MARK_PRICE", direction: "DOWN" },
  { positionSide: "SHORT", planType: "STOP_LOSS", leader: "CONTRACT_PRICE", direction: "UP" },
];

describe("TP/SL conditional orders", () => {
  it.each(cases)("$positionSide $planType fires on the $leader only", ({ positionSide, planType, leader, direction }) => {
    const other: WorkingType = leader === "MARK_PRICE" ? "CONTRACT_PRICE" : "MARK_PRICE";
    const split = searchFrom((start) => findSplit(SEED, SYMBOL, start, leader, direction));
    const { sim, clock } = makeSim(SEED, split.start);
    const triggerPrice = ticksToPrice(SYMBOL, split.level);
    const place = (clientAlgoId: string, triggerPriceType: WorkingType) =>
      sim.placeTpSl({ symbol: SYMBOL, clientAlgoId, planType, triggerPrice, quantity: "0.01", positionSide, triggerPriceType });
    const [lead] = place("lead", leader);
    const [lag] = place("lag", other);
    expect(lead).toEqual({ success: true, orderId: expect.any(BigInt), errorCode: "", errorMessage: "" });
    expect(lag?.success).toBe(true);
    expect(algoById(sim, lead?.orderId ?? null)).toMatchObject({
      algoStatus: "UNTRIGGERED",
      triggerTime: 0,
      actualOrderId: 0n,
      actualPrice: "0",
      createTime: split.start,
      triggerPrice,
      workingType: leader,
      orderType: planType === "TAKE_PROFIT" ? "TAKE_PROFIT_MARKET" : "STOP_MARKET",
      algoType: "CONDITIONAL",
      side: positionSide === "LONG" ? "SELL" : "BUY",
      positionSide,
      quantity: "0.01000",
      price: "0",
    });

    clock.now = split.at - 1000;
    expect(algoById(sim, lead?.orderId ?? null)?.algoStatus).toBe("UNTRIGGERED");

    clock.now = split.at;
    const fired = algoById(sim, lead?.orderId ?? null);
    expect(fired).toMatchObject({ algoStatus: "TRIGGERED", triggerTime: split.at, updateTime: split.at, actualPrice: triggerPrice });
    expect(algoById(sim, lag?.orderId ?? null)).toMatchObject({ algoStatus: "UNTRIGGERED", triggerTime: 0 });

    const actual = sim.getOrder(fired?.actualOrderId ?? 0n);
    expect(actual).toMatchObject({
      type: "MARKET",
      status: "FILLED",
      avgPrice: triggerPrice,
      executedQty: "0.01000",
      cumQuote: new Decimal(triggerPrice).times("0.01").toFixed(),
      reduceOnly: true,
      side: positionSide === "LONG" ? "SELL" : "BUY",
      positionSide,
      stopPrice: triggerPrice,
      workingType: leader,
      time: split.at,
    });
  });

  it("executes at a limit price when executePrice is given", () => {
    const split = searchFrom((start) => findSplit(SEED, SYMBOL, start, "CONTRACT_PRICE", "UP"));
    const { sim, clock } = makeSim(SEED, split.start);
    const triggerPrice = ticksToPrice(SYMBOL, split.level);
    const executePrice = ticksToPrice(SYMBOL, split.level - 50); // a SELL limit below the market: marketable
    const [r] = sim.placeTpSl({ symbol: SYMBOL, clientAlgoId: "lim", planType: "TAKE_PROFIT", triggerPrice, executePrice, quantity: "0.02", positionSide: "LONG" });
    expect(algoById(sim, r?.orderId ?? null)).toMatchObject({ orderType: "TAKE_PROFIT", price: executePrice, tpPrice: executePrice, tpOrderType: "LIMIT" });
    clock.now = split.at + 2000;
    const a = algoById(sim, r?.orderId ?? null);
    expect(a?.algoStatus).toBe("TRIGGERED");
    const actual = sim.getOrder(a?.actualOrderId ?? 0n);
    expect(actual).toMatchObject({ type: "LIMIT", price: executePrice, status: "FILLED", avgPrice: priceAt(SEED, SYMBOL, split.at), reduceOnly: true });
    expect(a?.actualPrice).toBe(actual?.avgPrice);
  });

  it("treats executePrice 0 as market execution", () => {
    const { sim } = makeSim();
    const current = new Decimal(priceAt(SEED, SYMBOL, T0));
    const [r] = sim.placeTpSl({ symbol: SYMBOL, clientAlgoId: "zero", planType: "STOP_LOSS", triggerPrice: current.times(0.9).toFixed(1), executePrice: "0", quantity: "1", positionSide: "LONG" });
    expect(algoById(sim, r?.orderId ?? null)).toMatchObject({ orderType: "STOP_MARKET", price: "0" });
  });

  it("refuses a trigger on the wrong side of (or at) the current price of its own type", () => {
    const { sim } = makeSim();
    const current = new Decimal(priceAt(SEED, SYMBOL, T0));
    const up = current.times(1.05).toFixed(1);
    const down = current.times(0.95).toFixed(1);
    const attempt = (clientAlgoId: string, planType: PlanType, positionSide: PositionSide, triggerPrice: string, triggerPriceType?: WorkingType) =>
      sim.placeTpSl({ symbol: SYMBOL, clientAlgoId, planType, triggerPrice, quantity: "1", positionSide, triggerPriceType })[0];

    expect(attempt("w1", "TAKE_PROFIT", "LONG", down)).toMatchObject({ success: false, orderId: null, errorCode: "INVALID_TP_TRIGGER_PRICE" });
    expect(attempt("w2", "STOP_LOSS", "LONG", up)).toMatchObject({ success: false, errorCode: "INVALID_SL_TRIGGER_PRICE" });
    expect(attempt("w3", "TAKE_PROFIT", "SHORT", up)).toMatchObject({ success: false, errorCode: "INVALID_TP_TRIGGER_PRICE" });
    expect(attempt("w4", "STOP_LOSS", "SHORT", down)).toMatchObject({ success: false, errorCode: "INVALID_SL_TRIGGER_PRICE" });
    expect(attempt("w5", "TAKE_PROFIT", "LONG", current.toFixed(1))).toMatchObject({ success: false, errorCode: "INVALID_TP_TRIGGER_PRICE" });
    expect(attempt("w6", "TAKE_PROFIT", "LONG", up)?.success).toBe(true);
    expect(attempt("w7", "STOP_LOSS", "SHORT", up)?.success).toBe(true);
    expect(attempt("w5", "TAKE_PROFIT", "LONG", up)?.success).toBe(true); // refused ids stay free

    // At the mark price: valid against the contract price, at the trigger against the mark price.
    const last = priceTicksAt(SEED, SYMBOL, T0);
    const mark = markPriceTicksAt(SEED, SYMBOL, T0);
    const planType: PlanType = mark > last ? "TAKE_PROFIT" : "STOP_LOSS";
    const atMark = ticksToPrice(SYMBOL, mark);
    expect(attempt("m1", planType, "LONG", atMark, "CONTRACT_PRICE")?.success).toBe(true);
    const refused = attempt("m2", planType, "LONG", atMark, "MARK_PRICE");
    expect(refused?.success).toBe(false);
    expect(refused?.errorMessage).toContain(price(SEED, SYMBOL, "MARK_PRICE", T0));
  });

  it("refuses unknown symbols and reused clientAlgoIds (including the seeded history's)", () => {
    const { sim } = makeSim();
    const current = new Decimal(priceAt(SEED, SYMBOL, T0));
    const input = { symbol: SYMBOL, clientAlgoId: "dup", planType: "STOP_LOSS" as const, triggerPrice: current.times(0.9).toFixed(1), quantity: "1", positionSide: "LONG" as const };
    expect(sim.placeTpSl({ ...input, symbol: "NOPEUSDT" })[0]).toMatchObject({ success: false, orderId: null, errorCode: "INVALID_SYMBOL" });
    expect(sim.placeTpSl(input)[0]?.success).toBe(true);
    expect(sim.placeTpSl(input)[0]).toMatchObject({ success: false, orderId: null, errorCode: "DUPLICATE_CLIENT_ALGO_ID" });
    const historic = sim.algoOrders({ limit: 1 }).orders[0];
    expect(historic).toBeDefined();
    expect(sim.placeTpSl({ ...input, clientAlgoId: historic?.clientAlgoId ?? "" })[0]?.errorCode).toBe("DUPLICATE_CLIENT_ALGO_ID");
  });
});

describe("TP/SL attached to an order", () => {
  it("creates both plans when a MARKET order fills, one-cancels-the-other on trigger", () => {
    const split = searchFrom((start) => findSplit(SEED, SYMBOL, start, "MARK_PRICE", "UP"));
    const { sim, clock } = makeSim(SEED, split.start);
    const tp = ticksToPrice(SYMBOL, split.level);
    const sl = new Decimal(priceAt(SEED, SYMBOL, split.start)).times(0.8).toFixed(1);
    const r = sim.placeOrder({
      symbol: SYMBOL,
      side: "BUY",
      positionSide: "LONG",
      type: "MARKET",
      quantity: "0.003",
      newClientOrderId: "with-tpsl",
      tpTriggerPrice: tp,
      TpWorkingType: "MARK_PRICE",
      slTriggerPrice: sl,
    });
    expect(r.success).toBe(true);
    const tpAlgo = algoByClientId(sim, `tp_${r.orderId}`);
    const slAlgo = algoByClientId(sim, `sl_${r.orderId}`);
    expect(tpAlgo).toMatchObject({ algoStatus: "UNTRIGGERED", triggerPrice: tp, workingType: "MARK_PRICE", quantity: "0.00300", createTime: split.start, tpTriggerPrice: tp, orderType: "TAKE_PROFIT_MARKET" });
    expect(slAlgo).toMatchObject({ algoStatus: "UNTRIGGERED", triggerPrice: sl, workingType: "CONTRACT_PRICE", slTriggerPrice: sl, orderType: "STOP_MARKET" });

    clock.now = split.at;
    expect(algoById(sim, tpAlgo?.algoId ?? null)).toMatchObject({ algoStatus: "TRIGGERED", triggerTime: split.at });
    expect(algoById(sim, slAlgo?.algoId ?? null)).toMatchObject({ algoStatus: "CANCELED", triggerTime: 0, updateTime: split.at });
  });

  it("creates the plans only when a resting LIMIT parent fills, and never for a canceled one", () => {
    const dip = findDipFrom(SEED, SYMBOL);
    const { sim, clock } = makeSim(SEED, dip.start);
    const limit = ticksToPrice(SYMBOL, dip.level);
    const current = new Decimal(priceAt(SEED, SYMBOL, dip.start));
    const common = { symbol: SYMBOL, side: "BUY" as const, positionSide: "LONG" as const, type: "LIMIT" as const, timeInForce: "GTC" as const, quantity: "0.01", tpTriggerPrice: current.times(1.3).toFixed(1), slTriggerPrice: current.times(0.7).toFixed(1) };
    const r = sim.placeOrder({ ...common, price: limit, newClientOrderId: "lim-tpsl" });
    const never = sim.placeOrder({ ...common, price: current.times(0.5).toFixed(1), newClientOrderId: "never" });
    expect(algoByClientId(sim, `tp_${r.orderId}`)).toBeUndefined();
    expect(sim.cancelBatch({ orderIdList: [BigInt(never.orderId)] })[0]?.success).toBe(true);

    clock.now = dip.at + 30_000;
    expect(sim.getOrder(BigInt(r.orderId))?.status).toBe("FILLED");
    expect(algoByClientId(sim, `tp_${r.orderId}`)).toMatchObject({ algoStatus: "UNTRIGGERED", createTime: dip.at });
    expect(algoByClientId(sim, `sl_${r.orderId}`)).toMatchObject({ algoStatus: "UNTRIGGERED", createTime: dip.at });
    expect(algoByClientId(sim, `tp_${never.orderId}`)).toBeUndefined();
  });

  it("refuses the whole order when an attached trigger is on the wrong side", () => {
    const { sim } = makeSim();
    const current = new Decimal(priceAt(SEED, SYMBOL, T0));
    const r = sim.placeOrder({ symbol: SYMBOL, side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "0.01", newClientOrderId: "bad-tp", tpTriggerPrice: current.times(1.1).toFixed(1) });
    expect(r).toMatchObject({ success: false, orderId: "", errorCode: "INVALID_TP_TRIGGER_PRICE" });
    const r2 = sim.placeOrder({ symbol: SYMBOL, side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "0.01", newClientOrderId: "bad-tp", slTriggerPrice: current.times(0.9).toFixed(1) });
    expect(r2).toMatchObject({ success: false, errorCode: "INVALID_SL_TRIGGER_PRICE" });
    const ok = sim.placeOrder({ symbol: SYMBOL, side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "0.01", newClientOrderId: "bad-tp", tpTriggerPrice: current.times(0.9).toFixed(1), slTriggerPrice: current.times(1.1).toFixed(1) });
    expect(ok.success).toBe(true);
  });
});
