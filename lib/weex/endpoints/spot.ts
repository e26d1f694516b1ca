/** Signed spot endpoints: account, bills and orders (spec 4.1). */
import { z } from "zod";
import { BILL_BIZ_TYPES, ORDER_STATUSES, ORDER_TYPES, SIDES, TIME_IN_FORCE } from "../schema/enums";
import { clientId, decimal, int, longId, oneOf, positiveDecimal, symbol, timestamp } from "../schema/request-fields";
import { decimalOut, idOut, intOut, loose, millisOut, openEnum, optionalIdOut } from "../schema/response-fields";
import { defineEndpoint } from "./define";
import { limitOrderFields, oneRequired, timeWindow } from "./rules";

/** Page-size rules, named once and read by both the schema and the paging descriptor. */
export const BILLS_LIMIT = { default: 10, max: 100 } as const;
export const FUNDING_PAGE_SIZE = { default: 10, max: 100 } as const;
export const ALL_ORDERS_LIMIT = { default: 100, max: 1000 } as const;
export const BATCH_ORDER_MAX = 10;

/** Spot order object (spec 2.1). */
export const spotOrderSchema = loose({
  symbol: z.string(),
  orderId: idOut(),
  clientOrderId: z.string(),
  price: decimalOut(),
  origQty: decimalOut(),
  executedQty: decimalOut(),
  cummulativeQuoteQty: decimalOut(),
  status: openEnum(ORDER_STATUSES),
  timeInForce: z.string(),
  type: openEnum(ORDER_TYPES),
  side: openEnum(SIDES),
  time: millisOut(),
  updateTime: millisOut(),
  isWorking: z.boolean(),
});

/** Bill entry (spec 2.4). Funding bills keep fillSize/fillValue as null (addendum). */
export const billSchema = loose({
  billId: idOut(),
  coinId: intOut(),
  coinName: z.string(),
  bizType: openEnum(BILL_BIZ_TYPES),
  fillSize: decimalOut().nullish(),
  fillValue: decimalOut().nullish(),
  deltaAmount: decimalOut(),
  afterAmount: decimalOut(),
  fees: decimalOut(),
  cTime: decimalOut(),
});

/** Account information (spec 2.5); the flags the real exchange may omit are optional (addendum). */
export const accountSchema = loose({
  makerCommission: intOut(),
  takerCommission: intOut(),
  commissionRates: loose({ maker: decimalOut(), taker: decimalOut() }),
  canTrade: z.boolean(),
  canWithdraw: z.boolean(),
  canDeposit: z.boolean(),
  brokered: z.boolean().optional(),
  requireSelfTradePrevention: z.boolean().optional(),
  preventSor: z.boolean().optional(),
  updateTime: millisOut(),
  accountType: z.string(),
  balances: z.array(loose({ asset: z.string(), free: decimalOut(), locked: decimalOut() })),
  permissions: z.array(z.string()),
  uid: idOut(),
  symbolCommissions: z.record(z.string(), z.unknown()).nullish(),
});

export const account = defineEndpoint({
  id: "account",
  title: "Account information",
  method: "GET",
  host: "spot",
  path: "/api/v3/account/",
  weight: { ip: 5, uid: 5 },
  category: "USER_DATA",
  request: z.strictObject({}),
  response: accountSchema,
});

export const accountBills = defineEndpoint({
  id: "accountBills",
  title: "Spot account bills",
  method: "POST",
  host: "spot",
  path: "/api/v3/account/bills",
  weight: { ip: 5, uid: 5 },
  category: "USER_DATA",
  request: z.strictObject({
    coinId: int({ min: 0 }).optional(),
    bizType: z.string().min(1).optional(),
    after: longId().optional(),
    before: longId().optional(),
    limit: int({ min: 1, max: BILLS_LIMIT.max }).default(BILLS_LIMIT.default),
  }),
  response: z.array(billSchema),
  paging: { style: "cursor", sizeParam: "limit", size: BILLS_LIMIT.max, idField: "billId" },
});

export const fundingBills = defineEndpoint({
  id: "fundingBills",
  title: "Funding account bills",
  method: "POST",
  host: "spot",
  path: "/api/v3/account/fundingBills",
  weight: { ip: 5, uid: 5 },
  category: "USER_DATA",
  request: z
    .strictObject({
      coinId: int({ min: 0 }).optional(),
      bizType: z.string().min(1).optional(),
      startTime: timestamp().optional(),
      endTime: timestamp().optional(),
      pageIndex: int({ min: 1 }).default(1),
      pageSize: int({ min: 1, max: FUNDING_PAGE_SIZE.max }).default(FUNDING_PAGE_SIZE.default),
    })
    .superRefine(timeWindow()),
  response: loose({
    total: intOut(),
    pageSize: intOut(),
    pages: intOut(),
    page: intOut(),
    hasNextPage: z.boolean(),
    items: z.array(billSchema),
  }),
  paging: {
    style: "numbered",
    pageParam: "pageIndex",
    sizeParam: "pageSize",
    size: FUNDING_PAGE_SIZE.max,
    itemsField: "items",
    pagesField: "pages",
    hasNextField: "hasNextPage",
  },
});

export const spotGetOrder = defineEndpoint({
  id: "spotGetOrder",
  title: "Order details",
  method: "GET",
  host: "spot",
  path: "/api/v3/order",
  weight: { ip: 2, uid: 2 },
  category: "USER_DATA",
  request: z
    .strictObject({
      orderId: longId().optional(),
      origClientOrderId: clientId().optional(),
    })
    .superRefine(oneRequired("orderId", "origClientOrderId")),
  response: spotOrderSchema,
});

export const spotOpenOrders = defineEndpoint({
  id: "spotOpenOrders",
  title: "Current open orders",
  method: "GET",
  host: "spot",
  path: "/api/v3/openOrders",
  weight: { ip: 3, uid: 3 },
  category: "USER_DATA",
  request: z.strictObject({ symbol: symbol().optional() }),
  response: z.array(spotOrderSchema),
});

export const spotAllOrders = defineEndpoint({
  id: "spotAllOrders",
  title: "All orders",
  method: "GET",
  host: "spot",
  path: "/api/v3/allOrders",
  weight: { ip: 10, uid: 10 },
  category: "USER_DATA",
  request: z
    .strictObject({
      symbol: symbol(),
      startTime: timestamp().optional(),
      endTime: timestamp().optional(),
      limit: int({ min: 1, max: ALL_ORDERS_LIMIT.max }).default(ALL_ORDERS_LIMIT.default),
      page: int({ min: 1 }).default(1),
    })
    .superRefine(timeWindow()),
  response: z.array(spotOrderSchema),
  paging: { style: "numbered", pageParam: "page", sizeParam: "limit", size: ALL_ORDERS_LIMIT.max },
});

const batchElementSchema = z
  .strictObject({
    side: oneOf(SIDES),
    type: oneOf(ORDER_TYPES),
    timeInForce: oneOf(TIME_IN_FORCE).optional(),
    quantity: positiveDecimal(),
    price: decimal().optional(),
    newClientOrderId: clientId().optional(),
  })
  .superRefine(limitOrderFields);

/** Per-element result of batch placement (spec 2.8): a failed element has errorCode/errorMsg and no orderId. */
export const batchPlaceResultSchema = loose({
  symbol: z.string(),
  orderId: optionalIdOut(),
  clientOrderId: z.string().nullish(),
  transactTime: millisOut().optional(),
  errorCode: z.string().nullish(),
  errorMsg: z.string().nullish(),
});

export const spotBatchOrders = defineEndpoint({
  id: "spotBatchOrders",
  title: "Batch place orders",
  method: "POST",
  host: "spot",
  path: "/api/v3/order/batch",
  weight: { ip: 10, uid: 50 },
  category: "TRADE",
  availableUpstream: false,
  request: z.strictObject({
    symbol: symbol(),
    orderList: z.array(batchElementSchema).min(1).max(BATCH_ORDER_MAX),
  }),
  response: loose({ orderList: z.array(batchPlaceResultSchema) }),
});
