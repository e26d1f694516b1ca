/** Shapes of the sandbox's own spot account (interface sections 2.1, 2.4, 2.5 and 2.8). */

import type { BILL_BIZ_TYPES, ORDER_STATUSES, ORDER_TYPES, SIDES, TIME_IN_FORCE } from "../../weex/schema/enums";

// The interface's own values (lib/weex/schema/enums.ts), never restated here.
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderSide = (typeof SIDES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/** Spot order (2.1). orderId is a 64-bit id (18 digits, above 2^53); amounts are decimal strings. */
export interface SpotOrder {
  symbol: string;
  orderId: bigint;
  clientOrderId: string;
  /** Limit price; for MARKET orders the execution price (so cummulativeQuoteQty = executedQty x price). */
  price: string;
  origQty: string;
  executedQty: string;
  cummulativeQuoteQty: string;
  status: OrderStatus;
  timeInForce: TimeInForce;
  type: OrderType;
  side: OrderSide;
  time: number;
  updateTime: number;
  isWorking: boolean;
}

export interface Balance {
  asset: string;
  free: string;
  locked: string;
}

/** Account information (2.5); permissions as seen on the real exchange (["SPOT"], addendum). */
export interface AccountInfo {
  makerCommission: number;
  takerCommission: number;
  commissionRates: { maker: string; taker: string };
  canTrade: boolean;
  canWithdraw: boolean;
  canDeposit: boolean;
  brokered: boolean;
  requireSelfTradePrevention: boolean;
  preventSor: boolean;
  updateTime: number;
  accountType: "SPOT";
  balances: Balance[];
  permissions: string[];
  /** Account UID as given in the options (a Long on the wire; kept as a string here). */
  uid: string;
  symbolCommissions: Record<string, never>;
}

/** The spec's business types, and the two opposite legs the sandbox's bills also carry. */
export type BizType = (typeof BILL_BIZ_TYPES)[number] | "trade_in" | "transfer_out";

/**
 * Spot bill (2.4). fillSize/fillValue carry the fill's base quantity and quote value on trade bills
 * and "0" on the others. deltaAmount is net of fees (afterAmount = previous afterAmount + deltaAmount);
 * fees is the non-negative fee charged inside that delta. cTime is ms as a decimal string.
 */
export interface BillEntry {
  billId: string;
  coinId: number;
  coinName: string;
  bizType: BizType;
  fillSize: string;
  fillValue: string;
  deltaAmount: string;
  afterAmount: string;
  fees: string;
  cTime: string;
}

/** Funding bill: the same shape with fillSize and fillValue null (addendum). */
export interface FundingBillEntry extends Omit<BillEntry, "fillSize" | "fillValue"> {
  fillSize: null;
  fillValue: null;
}

export interface FundingBillsPage {
  total: number;
  pageSize: number;
  pages: number;
  page: number;
  hasNextPage: boolean;
  items: FundingBillEntry[];
}

export interface BatchElement {
  side: OrderSide;
  type: OrderType;
  timeInForce?: TimeInForce;
  quantity: string;
  price?: string;
  newClientOrderId?: string;
}

export interface BatchSuccess {
  symbol: string;
  orderId: bigint;
  clientOrderId: string;
  transactTime: number;
}

export interface BatchFailure {
  symbol: string;
  clientOrderId: string;
  errorCode: "INSUFFICIENT_BALANCE";
  errorMsg: "insufficient balance";
}

export type BatchResultItem = BatchSuccess | BatchFailure;

export interface SpotAccountOptions {
  seed: number;
  uid: string;
  /** The account's "now" at creation: the generated history ends before it. */
  createdAt: number;
  /** History length in days (e.g. 90). */
  days: number;
  batchEnabled: boolean;
  /** Seed of the market's price walk (the ticker's), so fills happen at the prices the ticker shows; default `seed`. */
  marketSeed?: number;
}

export interface AllOrdersQuery {
  symbol: string;
  startTime?: number;
  endTime?: number;
  limit: number;
  page: number;
}

export interface BillsQuery {
  coinId?: number;
  bizType?: string;
  after?: bigint;
  before?: bigint;
  limit: number;
}

export interface FundingBillsQuery {
  coinId?: number;
  bizType?: string;
  startTime?: number;
  endTime?: number;
  pageIndex: number;
  pageSize: number;
}

export interface SpotAccount {
  readonly options: Readonly<SpotAccountOptions>;
  account(now: number): AccountInfo;
  orders(): readonly SpotOrder[];
  openOrders(symbol?: string): SpotOrder[];
  findOrder(q: { orderId?: bigint; origClientOrderId?: string }): SpotOrder | undefined;
  allOrders(q: AllOrdersQuery): SpotOrder[];
  bills(q: BillsQuery): BillEntry[];
  fundingBills(q: FundingBillsQuery): FundingBillsPage;
  placeBatch(symbol: string, orderList: BatchElement[], now: number): BatchResultItem[];
}
