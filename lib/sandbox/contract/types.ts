/**
 * Types of the sandbox's contract (futures) order simulator: its inputs, the
 * records it keeps (spec 2.2 contract order, 2.3 conditional order) and the
 * per-order results (spec 2.8). Ids are bigints (18 digits, above 2^53);
 * quantities and prices are decimal strings; times are ms numbers.
 */
import type { ALGO_STATUSES, ORDER_STATUSES, ORDER_TYPES, PLAN_TYPES, POSITION_SIDES, SIDES, TIME_IN_FORCE, WORKING_TYPES } from "../../weex/schema/enums";

// The interface's own values (lib/weex/schema/enums.ts), never restated here.
export type OrderSide = (typeof SIDES)[number];
export type PositionSide = (typeof POSITION_SIDES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
export type WorkingType = (typeof WORKING_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PlanType = (typeof PLAN_TYPES)[number];
/** UNTRIGGERED is the addendum's value for a live conditional order (and CANCELED an ended one); the spec shows TRIGGERED. */
export type AlgoStatus = (typeof ALGO_STATUSES)[number] | "UNTRIGGERED" | "CANCELED";
/** Market execution uses the addendum's TAKE_PROFIT_MARKET / STOP_MARKET; limit execution TAKE_PROFIT / STOP. */
export type AlgoOrderType = "TAKE_PROFIT_MARKET" | "STOP_MARKET" | "TAKE_PROFIT" | "STOP";

export interface ContractSimulatorOptions {
  /** Seed of the account's own history and ids. */
  seed: number;
  /**
   * Seed of the market's price walk, shared with the 24 h ticker so contract prices
   * follow the spot index of the same symbol; default `seed`.
   */
  marketSeed?: number;
  /** The simulation clock (ms since the epoch). Read once per call. */
  now: () => number;
  /** Price sampling step when advancing, default 1000 ms. */
  stepMs?: number;
}

export interface PlaceOrderInput {
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  type: OrderType;
  timeInForce?: TimeInForce;
  quantity: string;
  price?: string;
  newClientOrderId: string;
  tpTriggerPrice?: string;
  slTriggerPrice?: string;
  TpWorkingType?: WorkingType;
  SlWorkingType?: WorkingType;
}

export interface PlaceTpSlInput {
  symbol: string;
  clientAlgoId: string;
  planType: PlanType;
  triggerPrice: string;
  /** "0" or omitted: market execution at trigger. */
  executePrice?: string;
  quantity: string;
  positionSide: PositionSide;
  triggerPriceType?: WorkingType;
}

/** Spec 2.2 contract order object. */
export interface ContractOrder {
  avgPrice: string;
  clientOrderId: string;
  cumQuote: string;
  executedQty: string;
  orderId: bigint;
  origQty: string;
  price: string;
  reduceOnly: boolean;
  side: OrderSide;
  positionSide: PositionSide;
  status: OrderStatus;
  stopPrice: string;
  symbol: string;
  time: number;
  timeInForce: TimeInForce;
  type: OrderType;
  updateTime: number;
  workingType: WorkingType;
}

/** Spec 2.3 conditional order object plus the addendum's extra fields. */
export interface AlgoOrder {
  algoId: bigint;
  clientAlgoId: string;
  algoType: "CONDITIONAL";
  orderType: AlgoOrderType;
  symbol: string;
  /** The closing side: SELL for a LONG position, BUY for a SHORT one. */
  side: OrderSide;
  positionSide: PositionSide;
  timeInForce: TimeInForce;
  quantity: string;
  algoStatus: AlgoStatus;
  /** 0n until triggered. */
  actualOrderId: bigint;
  /** Average fill price of the actual order once it has filled, otherwise "0". */
  actualPrice: string;
  triggerPrice: string;
  /** Execution price: "0" for market execution. */
  price: string;
  workingType: WorkingType;
  createTime: number;
  updateTime: number;
  /** 0 while untriggered. */
  triggerTime: number;
  // Addendum extras.
  tpTriggerPrice: string;
  tpPrice: string;
  slTriggerPrice: string;
  slPrice: string;
  /** "MARKET" or "LIMIT" for a take-profit, "" for a stop-loss. */
  tpOrderType: string;
  closePosition: boolean;
  reduceOnly: boolean;
}

/** Spec 2.8 contract place result. */
export interface PlaceResult {
  /** The new order's id as a string; "" when refused. */
  orderId: string;
  clientOrderId: string;
  success: boolean;
  errorCode: string;
  errorMessage: string;
}

/** Spec 2.8 contract cancel result. */
export interface CancelResult {
  /** "" when the order was not found by client id. */
  orderId: string;
  /** "" when the order was not found by order id. */
  origClientOrderId: string;
  success: boolean;
  errorCode: string;
  errorMessage: string;
}

/** Spec 2.8 TP/SL place result item. */
export interface TpSlResult {
  success: boolean;
  /** The plan (algo) order id; null when refused. */
  orderId: bigint | null;
  errorCode: string;
  errorMessage: string;
}

export interface AlgoOrdersQuery {
  symbol?: string;
  /** Inclusive bounds on createTime. */
  startTime?: number;
  endTime?: number;
  limit: number;
}

export interface AlgoOrdersPage {
  /** Newest first (createTime descending, then algoId descending). */
  orders: AlgoOrder[];
  /** True iff more matching records exist beyond the returned `limit`. */
  hasMore: boolean;
}

export interface CancelBatchInput {
  orderIdList?: bigint[];
  origClientOrderIdList?: string[];
}

export interface ContractSimulator {
  placeOrder(input: PlaceOrderInput): PlaceResult;
  getOrder(orderId: bigint): ContractOrder | undefined;
  /** One result per requested element, orderIdList elements first, then origClientOrderIdList, each in request order. */
  cancelBatch(input: CancelBatchInput): CancelResult[];
  placeTpSl(input: PlaceTpSlInput): TpSlResult[];
  algoOrders(q: AlgoOrdersQuery): AlgoOrdersPage;
  /** Net position quantity of (symbol, positionSide) as a decimal string ("0" when flat or unknown). */
  position(symbol: string, positionSide: PositionSide): string;
}
