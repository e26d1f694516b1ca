/**
 * Orders against a spot ledger: reservation on placement, fills that move balances and write
 * bills, cancellation that releases the rest. Shared by the generated history and batch placement.
 *
 * Reservations: a BUY reserves price x remaining quantity of the quote asset, a SELL reserves the
 * remaining quantity of the base asset. Fees (maker for resting fills, taker on placement) are charged in
 * the asset received, so a reservation is consumed exactly by its fills.
 */
import { Decimal } from "decimal.js";
import type { SandboxSymbol } from "../data/symbols";
import { Dec, decimalsOf, fmt } from "../market/decimal";
import { SPOT_MAKER_FEE_RATE, SPOT_TAKER_FEE_RATE } from "../market/fees";
import type { Ledger } from "./ledger";
import type { OrderSide, OrderStatus, OrderType, SpotOrder, TimeInForce } from "./types";

export interface WorkingOrder {
  info: SandboxSymbol;
  orderId: bigint;
  clientOrderId: string;
  price: Decimal;
  origQty: Decimal;
  executedQty: Decimal;
  status: OrderStatus;
  timeInForce: TimeInForce;
  type: OrderType;
  side: OrderSide;
  time: number;
  updateTime: number;
}

export function isOpen(o: { status: OrderStatus }): boolean {
  return o.status === "NEW" || o.status === "PARTIALLY_FILLED";
}

/** What an order of this side, price and quantity reserves: [asset, amount]. */
export function reservation(info: SandboxSymbol, side: OrderSide, price: Decimal, qty: Decimal): [string, Decimal] {
  return side === "BUY" ? [info.quoteAsset, price.times(qty)] : [info.baseAsset, qty];
}

/** Free balance needed to place the order (the reservation, also for orders that fill at once). */
export function canAfford(ledger: Ledger, info: SandboxSymbol, side: OrderSide, price: Decimal, qty: Decimal): boolean {
  const [asset, amount] = reservation(info, side, price, qty);
  return ledger.free(asset).gte(amount);
}

/** Places a resting LIMIT order: reserves its funds. */
export function placeResting(ledger: Ledger, o: WorkingOrder): void {
  const [asset, amount] = reservation(o.info, o.side, o.price, o.origQty.minus(o.executedQty));
  ledger.lock(asset, amount, o.time);
}

/**
 * Fills qty of the order at its price at `time`. A resting order consumes its reservation;
 * `fromFree` (an order filling on placement) takes from free instead.
 */
export function fill(ledger: Ledger, o: WorkingOrder, qty: Decimal, time: number, fromFree: boolean): void {
  const remaining = o.origQty.minus(o.executedQty);
  if (qty.lte(0) || qty.gt(remaining)) throw new RangeError(`fill of ${fmt(qty)} out of range for order ${o.orderId}`);
  const value = qty.times(o.price);
  // Filling on placement takes liquidity (taker); a resting order's fill is a maker fill.
  const feeRate = new Dec(fromFree ? SPOT_TAKER_FEE_RATE : SPOT_MAKER_FEE_RATE);
  const fillInfo = { size: fmt(qty, decimalsOf(o.info.stepSize)), value: fmt(value) };
  const [payAsset, payAmount, getAsset, getAmount] =
    o.side === "BUY"
      ? [o.info.quoteAsset, value, o.info.baseAsset, qty]
      : [o.info.baseAsset, qty, o.info.quoteAsset, value];
  const fee = getAmount.times(feeRate);
  if (fromFree) ledger.debitFree(payAsset, payAmount, "trade_out", time, new Dec(0), fillInfo);
  else ledger.debitLocked(payAsset, payAmount, "trade_out", time, fillInfo);
  ledger.credit(getAsset, getAmount.minus(fee), "trade_in", time, fee, fillInfo);
  o.executedQty = o.executedQty.plus(qty);
  o.status = o.executedQty.eq(o.origQty) ? "FILLED" : "PARTIALLY_FILLED";
  o.updateTime = time;
}

/** Cancels a resting order: releases what it still reserves. */
export function cancel(ledger: Ledger, o: WorkingOrder, time: number): void {
  if (!isOpen(o)) return;
  const [asset, amount] = reservation(o.info, o.side, o.price, o.origQty.minus(o.executedQty));
  ledger.unlock(asset, amount, time);
  o.status = "CANCELED";
  o.updateTime = time;
}

/** The public, frozen rendering of an order (2.1). */
export function renderOrder(o: WorkingOrder): SpotOrder {
  const tickDp = decimalsOf(o.info.tickSize);
  const stepDp = decimalsOf(o.info.stepSize);
  return Object.freeze({
    symbol: o.info.symbol,
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    price: fmt(o.price, tickDp),
    origQty: fmt(o.origQty, stepDp),
    executedQty: fmt(o.executedQty, stepDp),
    cummulativeQuoteQty: fmt(o.executedQty.times(o.price), tickDp + stepDp),
    status: o.status,
    timeInForce: o.timeInForce,
    type: o.type,
    side: o.side,
    time: o.time,
    updateTime: o.updateTime,
    isWorking: isOpen(o),
  });
}
