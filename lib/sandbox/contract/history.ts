/**
 * The simulator's starting history, deterministic from (seed, marketSeed, first now()) — the
 * account's seed draws the episodes, the market's seed is the price walk they follow:
 * about 150 TP/SL "episodes" over the last 120 days and a few abandoned limit
 * orders, consistent with the price walk.
 *
 * An episode is a MARKET order opening a position (filled at the mark price)
 * with a conditional close order created at the same instant, then one of:
 * - TRIGGERED: the trigger price is the watched price at the trigger time, and
 *   a MARKET close order fills there at the trigger price;
 * - CANCELED: the position is closed by hand (MARKET at the mark price) and the
 *   plan canceled; its trigger lies beyond the price range seen meanwhile;
 * - UNTRIGGERED (recent episodes only): the position stays open and the
 *   trigger lies beyond the range seen since creation.
 * Ids are allocated in chronological order, so they grow with time.
 */
import { Rng } from "../data/rng";
import { SANDBOX_SYMBOLS, type SandboxSymbol } from "../data/symbols";
import { markPriceTicksAt, priceTicksAt, ticksToPrice } from "../data/price-walk";
import { Dec, times, withScale } from "./decimal";
import type { IdSequence } from "./ids";
import { closingSide, triggerDirection, type Direction } from "./matching";
import type { AlgoOrder, AlgoStatus, ContractOrder, OrderSide, PlanType, PositionSide, WorkingType } from "./types";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const EPISODES = 150;
const HISTORY_DAYS = 120;
const RECENT_DAYS = 30;
const ABANDONED_LIMITS = 25;

export interface SeededHistory {
  /** Chronological by creation. */
  orders: ContractOrder[];
  /** Chronological by creation. */
  algos: AlgoOrder[];
}

interface PendingId {
  time: number;
  seq: number;
  assign: (id: bigint) => void;
}

function watchedTicks(seed: number, symbol: string, priceType: WorkingType, t: number): number {
  return priceType === "MARK_PRICE" ? markPriceTicksAt(seed, symbol, t) : priceTicksAt(seed, symbol, t);
}

/** Highest (UP) or lowest (DOWN) tick count sampled hourly (and at both ends) over [from, to]. */
function extremeTicks(seed: number, symbol: string, priceType: WorkingType, from: number, to: number, direction: Direction): number {
  return firstExtreme(seed, symbol, priceType, from, to, direction).ticks;
}

/** The extreme of extremeTicks and the first sample time (> from) at which it was seen. */
function firstExtreme(
  seed: number,
  symbol: string,
  priceType: WorkingType,
  from: number,
  to: number,
  direction: Direction,
): { ticks: number; time: number } {
  let best = watchedTicks(seed, symbol, priceType, from);
  let time = Math.min(to, from + MINUTE);
  const consider = (t: number) => {
    const ticks = watchedTicks(seed, symbol, priceType, t);
    if (direction === "UP" ? ticks > best : ticks < best) {
      best = ticks;
      time = t;
    }
  };
  for (let t = from + HOUR; t < to; t += HOUR) consider(t);
  consider(to);
  return { ticks: best, time };
}

/** A level `margin` (fraction) beyond the extreme in the given direction, in ticks (>= 1). */
function beyond(extreme: number, direction: Direction, margin: number): number {
  return direction === "UP" ? Math.ceil(extreme * (1 + margin)) + 1 : Math.max(1, Math.floor(extreme * (1 - margin)) - 1);
}

function quantityFor(rng: Rng, info: SandboxSymbol, priceTicks: number): string {
  const notional = Math.min(250_000, rng.logNormal(Math.log(1500), 1.1));
  const price = new Dec(ticksToPrice(info.symbol, priceTicks));
  const qty = new Dec(notional.toFixed(2)).div(price).toNearest(info.stepSize, Dec.ROUND_DOWN);
  return withScale(Dec.max(qty, info.minTradeAmount), new Dec(info.stepSize).decimalPlaces());
}

function hex(rng: Rng): string {
  return Math.floor(rng.next() * 0x1_0000_0000).toString(16).padStart(8, "0");
}

export function seedHistory(seed: number, marketSeed: number, now: number, ids: IdSequence): SeededHistory {
  const rng = Rng.derive(seed, "contract-history");
  const orders: ContractOrder[] = [];
  const algos: AlgoOrder[] = [];
  const pending: PendingId[] = [];
  const requestId = (time: number, assign: (id: bigint) => void) => pending.push({ time, seq: pending.length, assign });
  const links: Array<{ algo: AlgoOrder; close: ContractOrder }> = [];
  const weights = SANDBOX_SYMBOLS.map((s) => s.volumeWeight);
  const latest = now - 2 * MINUTE;

  const makeOrder = (o: Omit<ContractOrder, "orderId">): ContractOrder => {
    const order: ContractOrder = { ...o, orderId: 0n };
    orders.push(order);
    requestId(order.time, (id) => (order.orderId = id));
    return order;
  };

  const marketOrder = (
    info: SandboxSymbol,
    side: OrderSide,
    positionSide: PositionSide,
    quantity: string,
    fillPrice: string,
    t: number,
    reduceOnly: boolean,
    clientOrderId: string,
    stop?: { stopPrice: string; workingType: WorkingType },
  ): ContractOrder =>
    makeOrder({
      avgPrice: fillPrice,
      clientOrderId,
      cumQuote: times(fillPrice, quantity),
      executedQty: quantity,
      origQty: quantity,
      price: "0",
      reduceOnly,
      side,
      positionSide,
      status: "FILLED",
      stopPrice: stop?.stopPrice ?? "0",
      symbol: info.symbol,
      time: t,
      timeInForce: "GTC",
      type: "MARKET",
      updateTime: t,
      workingType: stop?.workingType ?? "CONTRACT_PRICE",
    });

  for (let n = 0; n < EPISODES; n++) {
    const info = rng.weighted(SANDBOX_SYMBOLS, weights);
    const symbol = info.symbol;
    const positionSide: PositionSide = rng.chance(0.62) ? "LONG" : "SHORT";
    const workingType: WorkingType = rng.chance(0.8) ? "CONTRACT_PRICE" : "MARK_PRICE";
    const outcome: AlgoStatus = rng.weighted(["TRIGGERED", "CANCELED", "UNTRIGGERED"] as const, [55, 20, 25]);
    const span = (outcome === "UNTRIGGERED" ? RECENT_DAYS : HISTORY_DAYS) * DAY;
    const createTime = Math.floor(latest - rng.next() * (span - 10 * MINUTE)) - 5 * MINUTE;
    const entryTicks = markPriceTicksAt(marketSeed, symbol, createTime);
    const quantity = quantityFor(rng, info, entryTicks);
    const tag = hex(rng);
    const opening: OrderSide = positionSide === "LONG" ? "BUY" : "SELL";
    const closing = closingSide(positionSide);
    marketOrder(info, opening, positionSide, quantity, ticksToPrice(symbol, entryTicks), createTime, false, `web_${tag}`);

    let planType: PlanType = rng.chance(0.5) ? "TAKE_PROFIT" : "STOP_LOSS";
    let triggerTicks: number;
    let endTime = 0;
    if (outcome === "TRIGGERED") {
      // The level first reached (hourly resolution) at the extreme of the move since creation.
      const horizon = Math.min(latest, createTime + MINUTE + Math.floor(rng.exponential(3 * DAY)));
      const before = watchedTicks(marketSeed, symbol, workingType, createTime);
      const up = watchedTicks(marketSeed, symbol, workingType, horizon) >= before;
      const hit = firstExtreme(marketSeed, symbol, workingType, createTime, horizon, up ? "UP" : "DOWN");
      endTime = hit.time;
      triggerTicks = hit.ticks === before ? before + (up ? 1 : -1) : hit.ticks;
      planType = up === (positionSide === "LONG") ? "TAKE_PROFIT" : "STOP_LOSS";
    } else {
      const direction = triggerDirection(planType, positionSide);
      endTime = outcome === "CANCELED" ? Math.min(latest, createTime + MINUTE + Math.floor(rng.exponential(2 * DAY))) : now;
      const extreme = extremeTicks(marketSeed, symbol, workingType, createTime, endTime, direction);
      triggerTicks = beyond(extreme, direction, 0.01 + rng.next() * 0.1);
    }
    const triggerPrice = ticksToPrice(symbol, triggerTicks);
    const isTp = planType === "TAKE_PROFIT";
    const algo: AlgoOrder = {
      algoId: 0n,
      clientAlgoId: `tpsl_${tag}`,
      algoType: "CONDITIONAL",
      orderType: isTp ? "TAKE_PROFIT_MARKET" : "STOP_MARKET",
      symbol,
      side: closing,
      positionSide,
      timeInForce: "GTC",
      quantity,
      algoStatus: outcome,
      actualOrderId: 0n,
      actualPrice: "0",
      triggerPrice,
      price: "0",
      workingType,
      createTime,
      updateTime: outcome === "UNTRIGGERED" ? createTime : endTime,
      triggerTime: outcome === "TRIGGERED" ? endTime : 0,
      tpTriggerPrice: isTp ? triggerPrice : "0",
      tpPrice: "0",
      slTriggerPrice: isTp ? "0" : triggerPrice,
      slPrice: "0",
      tpOrderType: isTp ? "MARKET" : "",
      closePosition: false,
      reduceOnly: true,
    };
    algos.push(algo);
    requestId(createTime, (id) => (algo.algoId = id));

    if (outcome === "TRIGGERED") {
      const close = marketOrder(info, closing, positionSide, quantity, triggerPrice, endTime, true, `plan_${tag}`, {
        stopPrice: triggerPrice,
        workingType,
      });
      algo.actualPrice = triggerPrice;
      links.push({ algo, close });
    } else if (outcome === "CANCELED") {
      const exit = ticksToPrice(symbol, markPriceTicksAt(marketSeed, symbol, endTime));
      marketOrder(info, closing, positionSide, quantity, exit, endTime, true, `web_${tag}_x`);
    }
  }

  for (let n = 0; n < ABANDONED_LIMITS; n++) {
    const info = rng.weighted(SANDBOX_SYMBOLS, weights);
    const symbol = info.symbol;
    const positionSide: PositionSide = rng.chance(0.6) ? "LONG" : "SHORT";
    const side: OrderSide = positionSide === "LONG" ? "BUY" : "SELL";
    const time = Math.floor(latest - rng.next() * (HISTORY_DAYS * DAY - 10 * MINUTE)) - 5 * MINUTE;
    const cancelTime = Math.min(latest, time + MINUTE + Math.floor(rng.exponential(DAY)));
    // A BUY limit must stay below every price seen until the cancel, a SELL limit above.
    const direction: Direction = side === "BUY" ? "DOWN" : "UP";
    const extreme = extremeTicks(marketSeed, symbol, "CONTRACT_PRICE", time, cancelTime, direction);
    const limit = ticksToPrice(symbol, beyond(extreme, direction, 0.01 + rng.next() * 0.05));
    makeOrder({
      avgPrice: "0",
      clientOrderId: `web_${hex(rng)}_l`,
      cumQuote: "0",
      executedQty: "0",
      origQty: quantityFor(rng, info, priceTicksAt(marketSeed, symbol, time)),
      price: limit,
      reduceOnly: false,
      side,
      positionSide,
      status: "CANCELED",
      stopPrice: "0",
      symbol,
      time,
      timeInForce: "GTC",
      type: "LIMIT",
      updateTime: cancelTime,
      workingType: "CONTRACT_PRICE",
    });
  }

  pending.sort((a, b) => a.time - b.time || a.seq - b.seq);
  for (const p of pending) p.assign(ids.next());
  for (const { algo, close } of links) algo.actualOrderId = close.orderId;
  orders.sort((a, b) => (a.orderId < b.orderId ? -1 : 1));
  algos.sort((a, b) => (a.algoId < b.algoId ? -1 : 1));
  return { orders, algos };
}
