/**
 * Contract orders in words, for the confirmation, the result and the orders
 * list: "Buy 0.010 BTCUSDT LONG, limit 65,000.0, notional ≈ 650 USDT; take
 * profit 70,000 on mark price; stop loss 60,000 on mark price". Amounts are
 * decimal.js (never floats); numbers keep the decimals they were typed with.
 */
import DecimalJs from "decimal.js";
import { formatDecimal } from "@/lib/format/decimal";

/** Exact products of typed values (decimal.js rounds to 20 digits by default). */
const Decimal = DecimalJs.clone({ precision: 80, toExpNeg: -100, toExpPos: 100 });
type Decimal = InstanceType<typeof Decimal>;

/** A typed number for reading: grouped, with the decimals it was typed with ("65000.0" → "65,000.0"). */
export function asTyped(text: string): string {
  return formatDecimal(text, { minDp: text.split(".")[1]?.length ?? 0 });
}

export type OrderWords = {
  symbol: string;
  side: string;
  positionSide: string;
  type: string;
  quantity: string;
  price?: string | undefined;
  timeInForce?: string | undefined;
  tpTriggerPrice?: string | undefined;
  TpWorkingType?: string | undefined;
  slTriggerPrice?: string | undefined;
  SlWorkingType?: string | undefined;
};

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** quantity × price, or null when either is not a decimal. */
export function notionalOf(quantity: string, price: string | undefined): Decimal | null {
  if (price === undefined || !DECIMAL_TEXT.test(quantity) || !DECIMAL_TEXT.test(price)) return null;
  return new Decimal(quantity).times(price);
}

/** A notional or fee for reading: two decimals at most for amounts of 1 and above, six below (≈, never exact). */
export function roughAmount(value: Decimal): string {
  return formatDecimal(value.toFixed(), { maxDp: value.abs().gte(1) ? 2 : 6 });
}

const workingWords = (w: string | undefined) => (w === "MARK_PRICE" ? "mark price" : "contract price");
const sideWord = (side: string) => (side === "SELL" ? "Sell" : "Buy");

/**
 * The order as a sentence. `referencePrice` prices a market order's notional
 * (the spot ticker's last); `quoteAsset` names the notional's coin.
 */
export function orderSentence(order: OrderWords, quoteAsset: string, referencePrice?: string): string {
  const limit = order.type === "LIMIT";
  const price = limit ? order.price : referencePrice;
  const notional = notionalOf(order.quantity, price);
  const parts = [
    `${sideWord(order.side)} ${order.quantity} ${order.symbol} ${order.positionSide}`,
    limit ? `limit ${asTyped(order.price ?? "")}${order.timeInForce && order.timeInForce !== "GTC" ? ` ${order.timeInForce}` : ""}` : "at market",
    ...(notional ? [`notional ≈ ${roughAmount(notional)} ${quoteAsset}${limit ? "" : " at the reference price"}`] : []),
  ];
  let sentence = parts.join(", ");
  if (order.tpTriggerPrice) sentence += `; take profit ${asTyped(order.tpTriggerPrice)} on ${workingWords(order.TpWorkingType)}`;
  if (order.slTriggerPrice) sentence += `; stop loss ${asTyped(order.slTriggerPrice)} on ${workingWords(order.SlWorkingType)}`;
  return sentence;
}

export type StatusTone = "ok" | "info" | "warn" | "error";

/** An order's status in words, with its average price once something filled. */
export function statusWords(order: { status: string; avgPrice?: string | null; executedQty?: string; origQty?: string }): { text: string; tone: StatusTone } {
  // With the decimals the exchange sent (its tick): "68414.0" reads "68,414.0".
  const avg = order.avgPrice && !/^0(\.0*)?$/.test(order.avgPrice) ? asTyped(order.avgPrice) : null;
  switch (order.status) {
    case "FILLED":
      return { text: `Filled${avg ? ` at an average price of ${avg}` : ""}`, tone: "ok" };
    case "NEW":
      return { text: "Resting (NEW)", tone: "info" };
    case "PARTIALLY_FILLED":
      return { text: `Partially filled: ${order.executedQty ?? "?"} of ${order.origQty ?? "?"}${avg ? ` at an average price of ${avg}` : ""}`, tone: "info" };
    case "CANCELED":
      return { text: "Cancelled", tone: "warn" };
    default:
      return { text: order.status, tone: "info" };
  }
}
