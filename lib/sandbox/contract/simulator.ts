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
import { findSandboxSymbol } from "../data/symbols";
import { createContractBook } from "./book";
import { Dec } from "./decimal";
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
import { isReducing, isTriggerOnValidSide, triggerDirection } from "./matching";
import type { AttachedPlan, AlgoRecord, OrderRecord } from "./records";
import type {
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

const EMPTY_OK = { errorCode: "", errorMessage: "" };

export function createContractSimulator(opts: ContractSimulatorOptions): ContractSimulator {
  const book = createContractBook(opts);
  const { ids, orders, orderIdByClientId, algos, clientAlgoIds, positions, positionKey, priceString, fmtPrice, fmtQty, addOrder, fill, cancel, submitLimit, createPlan, advance } = book;

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
