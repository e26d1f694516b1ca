/** Contract (futures) endpoints of the contract host (spec 4.2). */
import { z } from "zod";
import { ORDER_STATUSES, ORDER_TYPES, PLAN_TYPES, POSITION_SIDES, SIDES, TIME_IN_FORCE, WORKING_TYPES } from "../schema/enums";
import { clientId, decimal, int, longId, oneOf, positiveDecimal, symbol, timestamp } from "../schema/request-fields";
import { decimalOut, idOut, loose, millisOut, openEnum, optionalIdOut } from "../schema/response-fields";
import { defineEndpoint } from "./define";
import { limitOrderFields, oneRequired, timeWindow } from "./rules";

export const CANCEL_LIST_MAX = 10;
export const ALGO_ORDERS_LIMIT = { default: 500, max: 1000 } as const;
export const ALGO_RANGE = { kind: "days", days: 90 } as const;

/** Contract order object (spec 2.2). */
export const contractOrderSchema = loose({
  avgPrice: decimalOut(),
  clientOrderId: z.string(),
  cumQuote: decimalOut(),
  executedQty: decimalOut(),
  orderId: idOut(),
  origQty: decimalOut(),
  price: decimalOut(),
  reduceOnly: z.boolean(),
  side: openEnum(SIDES),
  positionSide: openEnum(POSITION_SIDES),
  status: openEnum(ORDER_STATUSES),
  stopPrice: decimalOut().nullish(),
  symbol: z.string(),
  time: millisOut(),
  timeInForce: openEnum(TIME_IN_FORCE),
  type: openEnum(ORDER_TYPES),
  updateTime: millisOut(),
  workingType: openEnum(WORKING_TYPES),
});

/** Conditional (plan) order (spec 2.3) with the extra fields the real exchange may send (addendum). */
export const algoOrderSchema = loose({
  algoId: idOut(),
  clientAlgoId: z.string(),
  algoType: z.string(),
  orderType: z.string(),
  symbol: z.string(),
  side: openEnum(SIDES),
  positionSide: openEnum(POSITION_SIDES),
  timeInForce: z.string(),
  quantity: decimalOut(),
  algoStatus: openEnum(["TRIGGERED"] as const),
  actualOrderId: optionalIdOut(),
  actualPrice: decimalOut().nullish(),
  triggerPrice: decimalOut(),
  price: decimalOut().nullish(),
  workingType: openEnum(WORKING_TYPES),
  createTime: millisOut(),
  updateTime: millisOut(),
  triggerTime: millisOut(),
});

/** Contract place/cancel result (spec 2.8): orderId is a string; errorCode/errorMessage empty on success. */
const orderResultFields = {
  orderId: idOut(),
  success: z.boolean(),
  errorCode: z.string().nullish().transform((v) => v ?? ""),
  errorMessage: z.string().nullish().transform((v) => v ?? ""),
};

export const contractPlaceOrder = defineEndpoint({
  id: "contractPlaceOrder",
  title: "Place order",
  method: "POST",
  host: "contract",
  path: "/capi/v3/order",
  weight: { ip: 2, uid: 5 },
  category: "TRADE",
  request: z
    .strictObject({
      symbol: symbol(),
      side: oneOf(SIDES),
      positionSide: oneOf(POSITION_SIDES),
      type: oneOf(ORDER_TYPES),
      timeInForce: oneOf(TIME_IN_FORCE).optional(),
      quantity: positiveDecimal(),
      price: positiveDecimal().optional(),
      newClientOrderId: clientId(),
      tpTriggerPrice: positiveDecimal().optional(),
      slTriggerPrice: positiveDecimal().optional(),
      // Capitalised as the spec gives them.
      TpWorkingType: oneOf(WORKING_TYPES).default("CONTRACT_PRICE"),
      SlWorkingType: oneOf(WORKING_TYPES).default("CONTRACT_PRICE"),
    })
    .superRefine(limitOrderFields),
  response: loose({ ...orderResultFields, clientOrderId: z.string() }),
});

export const contractGetOrder = defineEndpoint({
  id: "contractGetOrder",
  title: "Order info",
  method: "GET",
  host: "contract",
  path: "/capi/v3/order",
  weight: { ip: 2, uid: 3 },
  category: "USER_DATA",
  request: z.strictObject({ orderId: longId() }),
  response: contractOrderSchema,
});

const cancelResultSchema = loose({ ...orderResultFields, origClientOrderId: z.string().nullish().transform((v) => v ?? "") });

export const contractBatchCancel = defineEndpoint({
  id: "contractBatchCancel",
  title: "Cancel orders in batch",
  method: "DELETE",
  host: "contract",
  path: "/capi/v3/batchOrders",
  weight: { ip: 5, uid: 10 },
  category: "TRADE",
  request: z
    .strictObject({
      orderIdList: z.array(longId()).max(CANCEL_LIST_MAX).optional(),
      origClientOrderIdList: z.array(clientId()).max(CANCEL_LIST_MAX).optional(),
    })
    .superRefine(oneRequired("orderIdList", "origClientOrderIdList", (v) => v === undefined || (Array.isArray(v) && v.length === 0))),
  // The contract says a bare array; a public client expects {"orderList":[...]} (addendum). Both read as the array.
  response: z.union([
    z.array(cancelResultSchema),
    loose({ orderList: z.array(cancelResultSchema) }).transform((v) => v.orderList),
  ]),
});

export const placeTpSlOrder = defineEndpoint({
  id: "placeTpSlOrder",
  title: "Place TP/SL conditional order",
  method: "POST",
  host: "contract",
  path: "/capi/v3/placeTpSlOrder",
  weight: { ip: 2, uid: 5 },
  category: "TRADE",
  request: z.strictObject({
    symbol: symbol(),
    clientAlgoId: clientId(),
    planType: oneOf(PLAN_TYPES),
    triggerPrice: positiveDecimal(),
    executePrice: decimal().optional(),
    quantity: positiveDecimal(),
    positionSide: oneOf(POSITION_SIDES),
    triggerPriceType: oneOf(WORKING_TYPES).default("CONTRACT_PRICE"),
  }),
  response: z.array(loose({ success: z.boolean(), orderId: optionalIdOut(), errorCode: orderResultFields.errorCode, errorMessage: orderResultFields.errorMessage })),
});

export const allAlgoOrders = defineEndpoint({
  id: "allAlgoOrders",
  title: "Conditional order history",
  method: "GET",
  host: "contract",
  path: "/capi/v3/allAlgoOrders",
  weight: { ip: 5, uid: 10 },
  category: "USER_DATA",
  request: z
    .strictObject({
      symbol: symbol().optional(),
      startTime: timestamp().optional(),
      endTime: timestamp().optional(),
      limit: int({ min: 1, max: ALGO_ORDERS_LIMIT.max }).default(ALGO_ORDERS_LIMIT.default),
    })
    .superRefine(timeWindow(ALGO_RANGE)),
  response: loose({ orders: z.array(algoOrderSchema), hasMore: z.boolean() }),
  range: ALGO_RANGE,
  paging: { style: "hasMore", sizeParam: "limit", size: ALGO_ORDERS_LIMIT.max, itemsField: "orders", idField: "algoId", timeField: "createTime" },
});
