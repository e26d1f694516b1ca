/**
 * Batch placement (POST /api/v3/order/batch) against the spot ledger.
 *
 * Structural problems refuse the whole request (SpotRequestError with the transport code of the
 * addendum; the HTTP layer can call validateBatch first). Otherwise each element gets its own result
 * (2.8): elements run in order against the balances left by the previous ones, and one that cannot
 * be funded fails with INSUFFICIENT_BALANCE while the others go ahead.
 *
 * - LIMIT GTC: accepted as NEW (it rests even when marketable) and reserves its funds.
 * - LIMIT IOC/FOK: fills completely at its limit price when marketable against spotPriceAt(now)
 *   (BUY price >= market, SELL price <= market), otherwise it is CANCELED unfilled. Either way the
 *   element needs the funds a resting order would reserve.
 * - MARKET: FILLED at once at spotPriceAt(now), which becomes its price; BUY needs quantity x price of
 *   the quote asset free, SELL the quantity of the base asset.
 * Fills write trade_out/trade_in bills at `now`, fees (taker rate) in the asset received.
 */
import { spotPriceAt } from "../data/price-walk";
import { findSandboxSymbol, type SandboxSymbol } from "../data/symbols";
import { Dec, isMultipleOf, isPlainDecimal } from "../market/decimal";
import type { OrderIdSource } from "./ids";
import type { Ledger } from "./ledger";
import { canAfford, fill, placeResting, renderOrder, type WorkingOrder } from "./trade";
import type { BatchElement, BatchResultItem, SpotOrder } from "./types";

/** A refusal of the whole request, with the transport-level code and message of the addendum. */
export class SpotRequestError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg);
    this.name = "SpotRequestError";
  }
}

function checkAmount(text: string, step: string, what: string): SpotRequestError | undefined {
  if (!isPlainDecimal(text) || new Dec(text).lte(0)) return new SpotRequestError(-1142, `Parameter '${what}' is invalid.`);
  if (!isMultipleOf(text, step)) return new SpotRequestError(-1160, `Decimal precision error: ${what} must be a multiple of ${step}.`);
  return undefined;
}

/**
 * The rules that depend on the symbol: step and tick precision, size limits.
 * The rules of the interface itself (sides, types, timeInForce, list sizes,
 * client ids, LIMIT needs a price) are the endpoints table's, checked before
 * the request reaches the account.
 */
function checkElement(info: SandboxSymbol, e: BatchElement): SpotRequestError | undefined {
  const qtyError = checkAmount(e.quantity, info.stepSize, "quantity");
  if (qtyError) return qtyError;
  const qty = new Dec(e.quantity);
  if (qty.lt(info.minTradeAmount) || qty.gt(info.maxTradeAmount)) {
    return new SpotRequestError(-1140, `Parameter 'quantity' must be between ${info.minTradeAmount} and ${info.maxTradeAmount}.`);
  }
  if (e.type === "LIMIT" && e.price !== undefined) return checkAmount(e.price, info.tickSize, "price");
  return undefined;
}

/** The refusal of a batch request as a whole, or undefined when every element fits its symbol's rules. */
export function validateBatch(symbol: string, orderList: readonly BatchElement[]): SpotRequestError | undefined {
  const info = findSandboxSymbol(symbol);
  if (info === undefined) return new SpotRequestError(-2007, "spot symbol does not exist");
  for (const e of orderList) {
    const error = checkElement(info, e);
    if (error) return error;
  }
  return undefined;
}

export interface BatchContext {
  seed: number;
  ledger: Ledger;
  ids: OrderIdSource;
  /** Receives each accepted order. */
  record(order: SpotOrder): void;
}

export function placeBatchOrders(ctx: BatchContext, symbol: string, orderList: readonly BatchElement[], now: number): BatchResultItem[] {
  const error = validateBatch(symbol, orderList);
  if (error) throw error;
  const info = findSandboxSymbol(symbol) as SandboxSymbol;
  const market = new Dec(spotPriceAt(ctx.seed, symbol, now));

  return orderList.map((e): BatchResultItem => {
    const clientOrderId = e.newClientOrderId ?? ctx.ids.clientOrderId("sbx-");
    const qty = new Dec(e.quantity);
    const price = e.type === "MARKET" ? market : new Dec(e.price as string);
    if (!canAfford(ctx.ledger, info, e.side, price, qty)) {
      return { symbol, clientOrderId, errorCode: "INSUFFICIENT_BALANCE", errorMsg: "insufficient balance" };
    }
    const o: WorkingOrder = {
      info,
      orderId: ctx.ids.orderId(),
      clientOrderId,
      price,
      origQty: qty,
      executedQty: new Dec(0),
      status: "NEW",
      timeInForce: e.type === "LIMIT" ? (e.timeInForce ?? "GTC") : "GTC",
      type: e.type,
      side: e.side,
      time: now,
      updateTime: now,
    };
    if (e.type === "MARKET") {
      fill(ctx.ledger, o, qty, now, true);
    } else if (o.timeInForce === "GTC") {
      placeResting(ctx.ledger, o);
    } else {
      const marketable = e.side === "BUY" ? price.gte(market) : price.lte(market);
      if (marketable) fill(ctx.ledger, o, qty, now, true);
      else o.status = "CANCELED";
    }
    ctx.record(renderOrder(o));
    return { symbol, orderId: o.orderId, clientOrderId, transactTime: now };
  });
}
