/**
 * The sandbox's contract (futures) order simulator, driven by the price walk.
 *
 * Every public call first advances the simulation from the last processed
 * instant to opts.now(), sampling the contract and mark prices (see
 * sampling.ts) and, at each sample, filling crossed resting limit orders and
 * then firing met conditional orders, in creation order. Then it does its
 * work at that instant. Same seed + same call sequence + same clock readings
 * ⇒ same results and ids.
 *
 * Fills are always complete (no partial fills):
 * - MARKET: at once, at the current mark price.
 * - LIMIT marketable on arrival (BUY: contract price <= limit; SELL: >=): at
 *   once at the current contract price (taker, never worse than the limit),
 *   whatever the timeInForce. IOC and FOK are therefore the same here.
 * - LIMIT not marketable: GTC rests (NEW) and fills at its limit price when the
 *   contract price crosses it; IOC / FOK are CANCELED with executedQty 0.
 * Conditional orders (placeTpSl, or attached to placeOrder and created when
 * the parent fills) fire when the watched price (contract or mark) reaches the
 * trigger; the plan becomes TRIGGERED and an actual reduce-only order closes
 * its quantity: MARKET filled at the trigger price, or LIMIT GTC at
 * executePrice (placed like any limit order). The take-profit and stop-loss
 * attached to one parent are one-cancels-the-other.
 */
import Decimal from "decimal.js";
import { findSandboxSymbol } from "../data/symbols";
import { markPriceTicksAt, priceTicksAt, tickSizeOf, ticksToPrice } from "../data/price-walk";
import { Dec, times, withScale } from "./decimal";
import {
  DUPLICATE_CLIENT_ALGO_ID,
  DUPLICATE_CLIENT_ORDER_ID,
  ORDER_NOT_FOUND,
  PRICE_REQUIRED,
  invalidTrigger,
  orderAlreadyFinalized,
  unknownSymbol,
  type RefusalCode,
} from "./errors";
import { seedHistory } from "./history";
import { IdSequence } from "./ids";
import {
  closingSide,
  isMet,
  isReducing,
  isTriggerOnValidSide,
  limitCondition,
  nextPosition,
  triggerCondition,
  triggerDirection,
  type Condition,
} from "./matching";
import { sampleTimes } from "./sampling";
import type {
  AlgoOrder,
  AlgoOrdersPage,
  AlgoOrdersQuery,
  CancelBatchInput,
  CancelResult,
  ContractOrder,
  ContractSimulator,
  ContractSimulatorOptions,
  PlaceOrderInput,
  PlaceResult,
  PlaceTpSlInput,
  PlanType,
  PositionSide,
  TpSlResult,
  WorkingType,
} from "./types";

interface AttachedPlan {
  planType: PlanType;
  triggerPrice: string;
  workingType: WorkingType;
}

interface OrderRecord {
  order: ContractOrder;
  /** Present while the order rests (status NEW). */
  condition?: Condition;
  /** TP/SL to create when this order fills. */
  attached: AttachedPlan[];
}

interface AlgoRecord {
  algo: AlgoOrder;
  condition: Condition;
  /** null: market execution. */
  executePrice: string | null;
  /** The other half of an attached TP/SL pair, canceled when this one fires. */
  siblingId?: bigint;
}

interface NewPlan {
  symbol: string;
  clientAlgoId: string;
  planType: PlanType;
  triggerPrice: string;
  executePrice: string | null;
  quantity: string;
  positionSide: PositionSide;
  workingType: WorkingType;
}

const EMPTY_OK = { errorCode: "", errorMessage: "" };

export function createContractSimulator(opts: ContractSimulatorOptions): ContractSimulator {
  const seed = opts.seed;
  const stepMs = opts.stepMs ?? 1000;
  const ids = new IdSequence(seed);
  const orders = new Map<bigint, OrderRecord>();
  const orderIdByClientId = new Map<string, bigint>();
  const algos = new Map<bigint, AlgoRecord>();
  const clientAlgoIds = new Set<string>();
  /** Resting orders and live plans, in creation order. */
  const resting = new Map<bigint, OrderRecord>();
  const live = new Map<bigint, AlgoRecord>();
  const positions = new Map<string, Decimal>();
  let lastTime = Math.floor(opts.now());

  // ---- prices ------------------------------------------------------------

  const ticksOf = (symbol: string, type: WorkingType, t: number): number =>
    type === "MARK_PRICE" ? markPriceTicksAt(seed, symbol, t) : priceTicksAt(seed, symbol, t);
  const priceString = (symbol: string, type: WorkingType, t: number): string => ticksToPrice(symbol, ticksOf(symbol, type, t));
  /** Client-given prices and quantities are echoed with at least the symbol's tick / step decimal places. */
  const fmtPrice = (symbol: string, v: string) => withScale(v, tickSizeOf(symbol).decimalPlaces());
  const fmtQty = (symbol: string, v: string) => withScale(v, new Dec(findSandboxSymbol(symbol)?.stepSize ?? "1").decimalPlaces());

  // ---- positions ---------------------------------------------------------

  const positionKey = (symbol: string, side: PositionSide) => `${symbol}|${side}`;
  const applyFill = (o: ContractOrder) => {
    const key = positionKey(o.symbol, o.positionSide);
    positions.set(key, nextPosition(positions.get(key) ?? new Dec(0), o.side, o.positionSide, o.executedQty));
  };

  // ---- orders ------------------------------------------------------------

  const addOrder = (order: ContractOrder, attached: AttachedPlan[] = []): OrderRecord => {
    const rec: OrderRecord = { order, attached };
    orders.set(order.orderId, rec);
    orderIdByClientId.set(order.clientOrderId, order.orderId);
    return rec;
  };

  const fill = (rec: OrderRecord, price: string, t: number) => {
    const o = rec.order;
    o.status = "FILLED";
    o.avgPrice = price;
    o.executedQty = o.origQty;
    o.cumQuote = times(price, o.origQty);
    o.updateTime = t;
    rec.condition = undefined;
    resting.delete(o.orderId);
    applyFill(o);
    if (rec.attached.length > 0) {
      const created = rec.attached.map((a) =>
        createPlan(
          {
            symbol: o.symbol,
            clientAlgoId: `${a.planType === "TAKE_PROFIT" ? "tp" : "sl"}_${o.orderId}`,
            planType: a.planType,
            triggerPrice: a.triggerPrice,
            executePrice: null,
            quantity: o.origQty,
            positionSide: o.positionSide,
            workingType: a.workingType,
          },
          t,
        ),
      );
      const [first, second] = created;
      if (first && second) {
        first.siblingId = second.algo.algoId;
        second.siblingId = first.algo.algoId;
      }
      rec.attached = [];
    }
  };

  const cancel = (rec: OrderRecord, t: number) => {
    rec.order.status = "CANCELED";
    rec.order.updateTime = t;
    rec.condition = undefined;
    rec.attached = [];
    resting.delete(rec.order.orderId);
  };

  /**
   * Creates a limit order at t and matches it on arrival: marketable → filled
   * at the current contract price; otherwise GTC rests, IOC/FOK are canceled.
   */
  const submitLimit = (rec: OrderRecord, t: number) => {
    const o = rec.order;
    const condition = limitCondition(o.symbol, o.side, o.price, tickSizeOf(o.symbol));
    const current = priceTicksAt(seed, o.symbol, t);
    if (isMet(condition, current)) fill(rec, ticksToPrice(o.symbol, current), t);
    else if (o.timeInForce === "GTC") {
      rec.condition = condition;
      resting.set(o.orderId, rec);
    } else cancel(rec, t);
  };

  // ---- conditional orders ------------------------------------------------

  function createPlan(p: NewPlan, t: number): AlgoRecord {
    const isTp = p.planType === "TAKE_PROFIT";
    const isMarket = p.executePrice === null;
    const price = p.executePrice ?? "0";
    const algo: AlgoOrder = {
      algoId: ids.next(),
      clientAlgoId: p.clientAlgoId,
      algoType: "CONDITIONAL",
      orderType: isTp ? (isMarket ? "TAKE_PROFIT_MARKET" : "TAKE_PROFIT") : isMarket ? "STOP_MARKET" : "STOP",
      symbol: p.symbol,
      side: closingSide(p.positionSide),
      positionSide: p.positionSide,
      timeInForce: "GTC",
      quantity: p.quantity,
      algoStatus: "UNTRIGGERED",
      actualOrderId: 0n,
      actualPrice: "0",
      triggerPrice: p.triggerPrice,
      price,
      workingType: p.workingType,
      createTime: t,
      updateTime: t,
      triggerTime: 0,
      tpTriggerPrice: isTp ? p.triggerPrice : "0",
      tpPrice: isTp ? price : "0",
      slTriggerPrice: isTp ? "0" : p.triggerPrice,
      slPrice: isTp ? "0" : price,
      tpOrderType: isTp ? (isMarket ? "MARKET" : "LIMIT") : "",
      closePosition: false,
      reduceOnly: true,
    };
    const rec = ingestPlan(algo, p.executePrice);
    return rec;
  }

  function ingestPlan(algo: AlgoOrder, executePrice: string | null): AlgoRecord {
    const planType: PlanType = algo.tpTriggerPrice !== "0" ? "TAKE_PROFIT" : "STOP_LOSS";
    const condition = triggerCondition(
      algo.symbol,
      planType,
      algo.positionSide,
      algo.triggerPrice,
      algo.workingType,
      tickSizeOf(algo.symbol),
    );
    const rec: AlgoRecord = { algo, condition, executePrice };
    algos.set(algo.algoId, rec);
    clientAlgoIds.add(algo.clientAlgoId);
    if (algo.algoStatus === "UNTRIGGERED") live.set(algo.algoId, rec);
    return rec;
  }

  const fire = (rec: AlgoRecord, t: number) => {
    const a = rec.algo;
    live.delete(a.algoId);
    a.algoStatus = "TRIGGERED";
    a.triggerTime = t;
    a.updateTime = t;
    const actual = addOrder({
      avgPrice: "0",
      clientOrderId: `plan_${a.algoId}`,
      cumQuote: "0",
      executedQty: "0",
      orderId: ids.next(),
      origQty: a.quantity,
      price: rec.executePrice ?? "0",
      reduceOnly: true,
      side: a.side,
      positionSide: a.positionSide,
      status: "NEW",
      stopPrice: a.triggerPrice,
      symbol: a.symbol,
      time: t,
      timeInForce: "GTC",
      type: rec.executePrice === null ? "MARKET" : "LIMIT",
      updateTime: t,
      workingType: a.workingType,
    });
    a.actualOrderId = actual.order.orderId;
    if (rec.executePrice === null) fill(actual, a.triggerPrice, t);
    else submitLimit(actual, t);
    if (rec.siblingId !== undefined) {
      const sibling = live.get(rec.siblingId);
      if (sibling) {
        live.delete(rec.siblingId);
        sibling.algo.algoStatus = "CANCELED";
        sibling.algo.updateTime = t;
      }
    }
  };

  // ---- advancing time ----------------------------------------------------

  const processAt = (t: number) => {
    const memo = new Map<string, number>();
    const ticks = (c: Condition) => {
      let v = memo.get(c.watch);
      if (v === undefined) {
        v = ticksOf(c.symbol, c.priceType, t);
        memo.set(c.watch, v);
      }
      return v;
    };
    for (const rec of [...resting.values()]) {
      const c = rec.condition;
      if (c && rec.order.status === "NEW" && isMet(c, ticks(c))) fill(rec, rec.order.price, t);
    }
    for (const rec of [...live.values()]) {
      if (rec.algo.algoStatus === "UNTRIGGERED" && isMet(rec.condition, ticks(rec.condition))) fire(rec, t);
    }
  };

  const advance = (): number => {
    const target = Math.floor(opts.now());
    if (target <= lastTime) return lastTime;
    if (resting.size > 0 || live.size > 0) {
      for (const t of sampleTimes(lastTime, target, stepMs)) {
        processAt(t);
        if (resting.size === 0 && live.size === 0) break;
      }
    }
    lastTime = target;
    return lastTime;
  };

  // ---- history -----------------------------------------------------------

  {
    const history = seedHistory(seed, lastTime, ids);
    const fills = history.orders.filter((o) => o.status === "FILLED").sort((a, b) => a.updateTime - b.updateTime);
    for (const o of history.orders) addOrder(o);
    for (const o of fills) applyFill(o);
    for (const a of history.algos) ingestPlan(a, a.price === "0" ? null : a.price);
  }

  // ---- API ---------------------------------------------------------------

  const refusePlace = (clientOrderId: string, r: RefusalCode): PlaceResult => ({ orderId: "", clientOrderId, success: false, ...r });

  /** Refusal when a TP/SL trigger would fire at once (wrong side of, or equal to, the current price). */
  const checkTrigger = (
    symbol: string,
    planType: PlanType,
    positionSide: PositionSide,
    triggerPrice: string,
    workingType: WorkingType,
    t: number,
  ): RefusalCode | null => {
    const direction = triggerDirection(planType, positionSide);
    const current = priceString(symbol, workingType, t);
    return isTriggerOnValidSide(direction, triggerPrice, current) ? null : invalidTrigger(planType, positionSide, direction, current);
  };

  return {
    placeOrder(input: PlaceOrderInput): PlaceResult {
      const t = advance();
      const clientOrderId = input.newClientOrderId;
      if (!findSandboxSymbol(input.symbol)) return refusePlace(clientOrderId, unknownSymbol(input.symbol));
      const existingId = orderIdByClientId.get(clientOrderId);
      // The refusal names the order that already holds the client id, so a caller probing a lost answer learns its id.
      if (existingId !== undefined) return { ...refusePlace(clientOrderId, DUPLICATE_CLIENT_ORDER_ID), orderId: String(existingId) };
      if (input.type === "LIMIT" && input.price === undefined) return refusePlace(clientOrderId, PRICE_REQUIRED);

      const attached: AttachedPlan[] = [];
      const wanted: Array<[PlanType, string | undefined, WorkingType | undefined]> = [
        ["TAKE_PROFIT", input.tpTriggerPrice, input.TpWorkingType],
        ["STOP_LOSS", input.slTriggerPrice, input.SlWorkingType],
      ];
      for (const [planType, trigger, working] of wanted) {
        if (trigger === undefined || new Dec(trigger).isZero()) continue;
        const workingType = working ?? "CONTRACT_PRICE";
        const triggerPrice = fmtPrice(input.symbol, trigger);
        const refusal = checkTrigger(input.symbol, planType, input.positionSide, triggerPrice, workingType, t);
        if (refusal) return refusePlace(clientOrderId, refusal);
        attached.push({ planType, triggerPrice, workingType });
      }

      const quantity = fmtQty(input.symbol, input.quantity);
      const rec = addOrder(
        {
          avgPrice: "0",
          clientOrderId,
          cumQuote: "0",
          executedQty: "0",
          orderId: ids.next(),
          origQty: quantity,
          price: input.type === "LIMIT" && input.price !== undefined ? fmtPrice(input.symbol, input.price) : "0",
          reduceOnly: isReducing(input.side, input.positionSide),
          side: input.side,
          positionSide: input.positionSide,
          status: "NEW",
          stopPrice: "0",
          symbol: input.symbol,
          time: t,
          timeInForce: input.timeInForce ?? "GTC",
          type: input.type,
          updateTime: t,
          workingType: "CONTRACT_PRICE",
        },
        attached,
      );
      if (input.type === "MARKET") fill(rec, priceString(input.symbol, "MARK_PRICE", t), t);
      else submitLimit(rec, t);
      return { orderId: rec.order.orderId.toString(), clientOrderId, success: true, ...EMPTY_OK };
    },

    getOrder(orderId: bigint): ContractOrder | undefined {
      advance();
      const rec = orders.get(orderId);
      return rec ? { ...rec.order } : undefined;
    },

    cancelBatch(input: CancelBatchInput): CancelResult[] {
      const t = advance();
      const results: CancelResult[] = [];
      const attempt = (rec: OrderRecord | undefined, orderId: string, origClientOrderId: string) => {
        if (!rec) {
          results.push({ orderId, origClientOrderId, success: false, ...ORDER_NOT_FOUND });
          return;
        }
        const ids = { orderId: rec.order.orderId.toString(), origClientOrderId: rec.order.clientOrderId };
        if (rec.order.status !== "NEW" && rec.order.status !== "PARTIALLY_FILLED") {
          results.push({ ...ids, success: false, ...orderAlreadyFinalized(rec.order.status) });
          return;
        }
        cancel(rec, t);
        results.push({ ...ids, success: true, ...EMPTY_OK });
      };
      for (const id of input.orderIdList ?? []) attempt(orders.get(id), id.toString(), "");
      for (const cid of input.origClientOrderIdList ?? []) {
        const id = orderIdByClientId.get(cid);
        attempt(id === undefined ? undefined : orders.get(id), "", cid);
      }
      return results;
    },

    placeTpSl(input: PlaceTpSlInput): TpSlResult[] {
      const t = advance();
      const refuse = (r: RefusalCode): TpSlResult[] => [{ success: false, orderId: null, ...r }];
      if (!findSandboxSymbol(input.symbol)) return refuse(unknownSymbol(input.symbol));
      if (clientAlgoIds.has(input.clientAlgoId)) return refuse(DUPLICATE_CLIENT_ALGO_ID);
      const workingType = input.triggerPriceType ?? "CONTRACT_PRICE";
      const triggerPrice = fmtPrice(input.symbol, input.triggerPrice);
      const refusal = checkTrigger(input.symbol, input.planType, input.positionSide, triggerPrice, workingType, t);
      if (refusal) return refuse(refusal);
      const executePrice = input.executePrice === undefined || new Dec(input.executePrice).isZero() ? null : fmtPrice(input.symbol, input.executePrice);
      const rec = createPlan(
        {
          symbol: input.symbol,
          clientAlgoId: input.clientAlgoId,
          planType: input.planType,
          triggerPrice,
          executePrice,
          quantity: fmtQty(input.symbol, input.quantity),
          positionSide: input.positionSide,
          workingType,
        },
        t,
      );
      return [{ success: true, orderId: rec.algo.algoId, ...EMPTY_OK }];
    },

    algoOrders(q: AlgoOrdersQuery): AlgoOrdersPage {
      advance();
      const matching: AlgoRecord[] = [];
      for (const rec of algos.values()) {
        const a = rec.algo;
        if (q.symbol !== undefined && a.symbol !== q.symbol) continue;
        if (q.startTime !== undefined && a.createTime < q.startTime) continue;
        if (q.endTime !== undefined && a.createTime > q.endTime) continue;
        matching.push(rec);
      }
      matching.sort((x, y) => y.algo.createTime - x.algo.createTime || (y.algo.algoId > x.algo.algoId ? 1 : -1));
      const limit = Math.max(0, Math.floor(q.limit));
      const page = matching.slice(0, limit).map(({ algo }) => {
        const actual = algo.actualOrderId === 0n ? undefined : orders.get(algo.actualOrderId)?.order;
        return { ...algo, actualPrice: actual && actual.status === "FILLED" ? actual.avgPrice : "0" };
      });
      return { orders: page, hasMore: matching.length > limit };
    },

    position(symbol: string, positionSide: PositionSide): string {
      advance();
      return (positions.get(positionKey(symbol, positionSide)) ?? new Dec(0)).toFixed();
    },
  };
}
