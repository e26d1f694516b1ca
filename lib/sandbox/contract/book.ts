/**
 * The contract simulator's book: orders, conditional orders and positions,
 * and the clock that advances them (fills of crossed resting limits, then met
 * triggers, at each price sample). simulator.ts answers the API over it; the
 * rules are described there.
 */
import type Decimal from "decimal.js";
import { findSandboxSymbol } from "../data/symbols";
import { markPriceTicksAt, priceTicksAt, tickSizeOf, ticksToPrice } from "../data/price-walk";
import { Dec, times, withScale } from "./decimal";
import { seedHistory } from "./history";
import { IdSequence } from "./ids";
import { isMet, limitCondition, nextPosition, triggerCondition, type Condition } from "./matching";
import { conditionalAlgo, type AlgoRecord, type AttachedPlan, type NewPlan, type OrderRecord } from "./records";
import { sampleTimes } from "./sampling";
import type { AlgoOrder, ContractOrder, ContractSimulatorOptions, PlanType, PositionSide, WorkingType } from "./types";

export function createContractBook(opts: ContractSimulatorOptions) {
  const seed = opts.seed;
  /** Prices come from the market's walk (the ticker's), ids and history from the account's seed. */
  const marketSeed = opts.marketSeed ?? seed;
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
    type === "MARK_PRICE" ? markPriceTicksAt(marketSeed, symbol, t) : priceTicksAt(marketSeed, symbol, t);
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
    const current = priceTicksAt(marketSeed, o.symbol, t);
    if (isMet(condition, current)) fill(rec, ticksToPrice(o.symbol, current), t);
    else if (o.timeInForce === "GTC") {
      rec.condition = condition;
      resting.set(o.orderId, rec);
    } else cancel(rec, t);
  };

  // ---- conditional orders ------------------------------------------------

  function createPlan(p: NewPlan, t: number): AlgoRecord {
    return ingestPlan(conditionalAlgo(p, ids.next(), t), p.executePrice);
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
    const history = seedHistory(seed, marketSeed, lastTime, ids);
    const fills = history.orders.filter((o) => o.status === "FILLED").sort((a, b) => a.updateTime - b.updateTime);
    for (const o of history.orders) addOrder(o);
    for (const o of fills) applyFill(o);
    for (const a of history.algos) ingestPlan(a, a.price === "0" ? null : a.price);
  }

  return {
    ids,
    orders,
    orderIdByClientId,
    algos,
    clientAlgoIds,
    positions,
    positionKey,
    priceString,
    fmtPrice,
    fmtQty,
    addOrder,
    fill,
    cancel,
    submitLimit,
    createPlan,
    advance,
  };
}

export type ContractBook = ReturnType<typeof createContractBook>;
