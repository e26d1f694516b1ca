/**
 * Pure matching rules of the contract simulator. Prices from the walk are
 * integer tick counts, so every condition ("price <= limit", "mark >= trigger")
 * is turned once, exactly (decimal.js), into a tick threshold and then checked
 * with integer comparisons in the hot sampling loop.
 */
import { Dec } from "./decimal";
import type { OrderSide, PlanType, PositionSide, WorkingType } from "./types";
import type Decimal from "decimal.js";

/** UP: fires when the price rises to >= the level; DOWN: when it falls to <= the level. */
export type Direction = "UP" | "DOWN";

export interface Condition {
  symbol: string;
  /** Which walk the condition watches. */
  priceType: WorkingType;
  direction: Direction;
  /** UP: ticks >= threshold; DOWN: ticks <= threshold. */
  thresholdTicks: number;
  /** `${symbol}|${priceType}`: conditions watching the same walk share one price evaluation per sample. */
  watch: string;
}

/** SELL on LONG and BUY on SHORT reduce a position; the other two open / increase it. */
export function isReducing(side: OrderSide, positionSide: PositionSide): boolean {
  return (side === "SELL") === (positionSide === "LONG");
}

/** The side of an order that closes a position. */
export function closingSide(positionSide: PositionSide): OrderSide {
  return positionSide === "LONG" ? "SELL" : "BUY";
}

/** LONG take-profit and SHORT stop-loss fire on a rise; LONG stop-loss and SHORT take-profit on a fall. */
export function triggerDirection(planType: PlanType, positionSide: PositionSide): Direction {
  return (planType === "TAKE_PROFIT") === (positionSide === "LONG") ? "UP" : "DOWN";
}

/** Tick threshold of "price >= level" (UP) or "price <= level" (DOWN). */
export function thresholdTicks(level: string, tick: Decimal, direction: Direction): number {
  const ratio = new Dec(level).div(tick);
  return (direction === "UP" ? ratio.ceil() : ratio.floor()).toNumber();
}

/** A BUY limit fills when the contract price falls to <= the limit, a SELL limit when it rises to >= it. */
export function limitCondition(symbol: string, side: OrderSide, limit: string, tick: Decimal): Condition {
  const direction: Direction = side === "BUY" ? "DOWN" : "UP";
  const priceType: WorkingType = "CONTRACT_PRICE";
  return { symbol, priceType, direction, thresholdTicks: thresholdTicks(limit, tick, direction), watch: `${symbol}|${priceType}` };
}

export function triggerCondition(
  symbol: string,
  planType: PlanType,
  positionSide: PositionSide,
  triggerPrice: string,
  priceType: WorkingType,
  tick: Decimal,
): Condition {
  const direction = triggerDirection(planType, positionSide);
  return { symbol, priceType, direction, thresholdTicks: thresholdTicks(triggerPrice, tick, direction), watch: `${symbol}|${priceType}` };
}

export function isMet(condition: Condition, ticks: number): boolean {
  return condition.direction === "UP" ? ticks >= condition.thresholdTicks : ticks <= condition.thresholdTicks;
}

/**
 * A trigger is acceptable only when it has not fired yet: an UP trigger must be
 * strictly above the current price, a DOWN trigger strictly below it.
 */
export function isTriggerOnValidSide(direction: Direction, triggerPrice: string, currentPrice: string): boolean {
  const cmp = new Dec(triggerPrice).cmp(currentPrice);
  return direction === "UP" ? cmp > 0 : cmp < 0;
}

/** Position after a fill: opening adds, reducing subtracts (never below zero). */
export function nextPosition(current: Decimal, side: OrderSide, positionSide: PositionSide, quantity: string): Decimal {
  if (!isReducing(side, positionSide)) return current.plus(quantity);
  const after = current.minus(quantity);
  return after.isNegative() ? new Dec(0) : after;
}
