/**
 * Business refusal codes of the contract simulator. They travel inside the
 * per-order results (spec 2.8, 7), never as exceptions. ORDER_NOT_FOUND and its
 * message are the spec's exact strings; the others are the sandbox's own.
 */
import type { PlanType, PositionSide } from "./types";

export interface RefusalCode {
  errorCode: string;
  errorMessage: string;
}

export const ORDER_NOT_FOUND: RefusalCode = { errorCode: "ORDER_NOT_FOUND", errorMessage: "orderId not exist" };

export function orderAlreadyFinalized(status: string): RefusalCode {
  return { errorCode: "ORDER_ALREADY_FINALIZED", errorMessage: `order already finalized (${status})` };
}

export function unknownSymbol(symbol: string): RefusalCode {
  return { errorCode: "INVALID_SYMBOL", errorMessage: `symbol ${symbol} does not exist` };
}

export const DUPLICATE_CLIENT_ORDER_ID: RefusalCode = {
  errorCode: "DUPLICATE_CLIENT_ORDER_ID",
  errorMessage: "newClientOrderId already used",
};

export const DUPLICATE_CLIENT_ALGO_ID: RefusalCode = {
  errorCode: "DUPLICATE_CLIENT_ALGO_ID",
  errorMessage: "clientAlgoId already used",
};

export const PRICE_REQUIRED: RefusalCode = { errorCode: "INVALID_PRICE", errorMessage: "price is required for a LIMIT order" };

/** A take-profit / stop-loss trigger on the wrong side of the current price (or equal to it). */
export function invalidTrigger(
  planType: PlanType,
  positionSide: PositionSide,
  direction: "UP" | "DOWN",
  current: string,
): RefusalCode {
  const tp = planType === "TAKE_PROFIT";
  return {
    errorCode: tp ? "INVALID_TP_TRIGGER_PRICE" : "INVALID_SL_TRIGGER_PRICE",
    errorMessage: `${tp ? "take-profit" : "stop-loss"} trigger price of a ${positionSide} position must be ${
      direction === "UP" ? "above" : "below"
    } the current price ${current}`,
  };
}
