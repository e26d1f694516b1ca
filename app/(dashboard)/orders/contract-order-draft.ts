/**
 * The contract order form's draft and the request it means, checked by the
 * endpoints table's own schema: the same rules the server and the exchange apply.
 */
import { ENDPOINTS } from "@/lib/weex/endpoints";

export const WORKING_TYPES = ["CONTRACT_PRICE", "MARK_PRICE"] as const;

export type Draft = {
  symbol: string;
  side: string;
  positionSide: string;
  type: string;
  timeInForce: string;
  quantity: string;
  price: string;
  tpTriggerPrice: string;
  TpWorkingType: string;
  slTriggerPrice: string;
  SlWorkingType: string;
};

export const emptyDraft: Draft = {
  symbol: "BTCUSDT",
  side: "BUY",
  positionSide: "LONG",
  type: "LIMIT",
  timeInForce: "GTC",
  quantity: "",
  price: "",
  tpTriggerPrice: "",
  TpWorkingType: "CONTRACT_PRICE",
  slTriggerPrice: "",
  SlWorkingType: "CONTRACT_PRICE",
};

/** The request a draft means: empty optional fields left out, LIMIT-only fields only for LIMIT. */
export function requestOf(draft: Draft, clientOrderId: string): Record<string, string> {
  const out: Record<string, string> = {
    symbol: draft.symbol,
    side: draft.side,
    positionSide: draft.positionSide,
    type: draft.type,
    quantity: draft.quantity.trim(),
    newClientOrderId: clientOrderId,
  };
  if (draft.type === "LIMIT") {
    out.timeInForce = draft.timeInForce;
    if (draft.price.trim()) out.price = draft.price.trim();
  }
  if (draft.tpTriggerPrice.trim()) {
    out.tpTriggerPrice = draft.tpTriggerPrice.trim();
    out.TpWorkingType = draft.TpWorkingType;
  }
  if (draft.slTriggerPrice.trim()) {
    out.slTriggerPrice = draft.slTriggerPrice.trim();
    out.SlWorkingType = draft.SlWorkingType;
  }
  return out;
}

/** Every rule of the endpoints table, checked in the browser: field → message. */
export function validate(request: Record<string, string>): Record<string, string> {
  const result = ENDPOINTS.contractPlaceOrder.request.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
