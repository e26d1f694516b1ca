/**
 * An order's price and quantity checked against a symbol's rules from
 * exchangeInfo (spec 2.6, addendum: tickSize and stepSize). One checker, three
 * places: the order form (before anything is sent), our server (before the
 * intent is stored) and the sandbox (which refuses as the exchange would).
 *
 * The interface has no contract symbol rules, so contract orders are checked
 * against the spot symbol of the same name (contract symbols use the spot
 * format). The spec gives no codes for these refusals; we chose the addendum's
 * closest ones: too many decimals or off the tick/step grid is -1160 "decimal
 * precision error"; a quantity or price outside its allowed range is -1140
 * "parameter validation failed" (the addendum's example: "a limit out of range").
 *
 * The limit price ratios are read one-sided (how far a limit may cross the market,
 * the fat-finger guard): a buy may not be priced above reference × (1 +
 * buyLimitPriceRatio), a sell not below reference × (1 − sellLimitPriceRatio).
 * Orders resting away from the market are not limited by them.
 *
 * Browser-safe: decimal.js only.
 */
import DecimalJs from "decimal.js";
import { ERROR_CODES } from "./errors";

/** Enough digits that no product or remainder of order values is ever rounded (the default is 20). */
const Decimal = DecimalJs.clone({ precision: 80, toExpNeg: -100, toExpPos: 100 });
type Decimal = InstanceType<typeof Decimal>;

/** The fields of an exchangeInfo symbol definition the checks read. */
export interface SymbolRules {
  symbol: string;
  baseAssetPrecision: number;
  quoteAssetPrecision: number;
  minTradeAmount: string;
  maxTradeAmount: string;
  buyLimitPriceRatio: string;
  sellLimitPriceRatio: string;
  marketBuyLimitSize: string;
  marketSellLimitSize: string;
  tickSize?: string | undefined;
  stepSize?: string | undefined;
}

export type RuleCodeName = "DECIMAL_PRECISION" | "VALIDATION_FAILED" | "PARAMETER_INVALID";

export interface RuleProblem {
  /** The request field at fault. */
  field: string;
  codeName: RuleCodeName;
  code: number;
  /** In words, naming the rule and the allowed value. */
  msg: string;
}

export interface OrderForRules {
  side: "BUY" | "SELL";
  type: "LIMIT" | "MARKET";
  quantity: string;
  /** Limit price (LIMIT orders). */
  price?: string | undefined;
  /** Other prices on the grid: trigger and execute prices of TP/SL, keyed by their field name. */
  otherPrices?: Record<string, string | undefined>;
}

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

function problem(field: string, codeName: RuleCodeName, msg: string): RuleProblem {
  return { field, codeName, code: ERROR_CODES[codeName].code, msg };
}

function parse(value: string): Decimal | null {
  return DECIMAL_TEXT.test(value) ? new Decimal(value) : null;
}

/** Decimal places and grid: `what` must have at most `places` decimals and be a multiple of `grid` (when given). */
function onGrid(field: string, what: string, value: Decimal, places: number, grid: string | undefined, gridName: string): RuleProblem | null {
  if (value.decimalPlaces() > places) {
    return problem(field, "DECIMAL_PRECISION", `${what} ${value.toFixed()} has ${value.decimalPlaces()} decimal places; at most ${places} allowed`);
  }
  if (grid !== undefined) {
    const g = new Decimal(grid);
    if (g.gt(0) && !value.mod(g).isZero()) return problem(field, "DECIMAL_PRECISION", `${what} ${value.toFixed()} is not a multiple of the ${gridName} ${g.toFixed()}`);
  }
  return null;
}

function checkPrice(field: string, what: string, text: string, rules: SymbolRules): { value: Decimal | null; problem: RuleProblem | null } {
  const value = parse(text);
  if (value === null || value.lte(0)) return { value: null, problem: problem(field, "PARAMETER_INVALID", `${what} must be a decimal number greater than 0`) };
  return { value, problem: onGrid(field, what, value, rules.quoteAssetPrecision, rules.tickSize, "tick size") };
}

/**
 * Every rule the order breaks (empty: it passes). `referencePrice` (the spot
 * 24 h ticker's last) enables the limit price ratio checks; without it they are
 * skipped.
 */
export function checkOrderRules(order: OrderForRules, rules: SymbolRules, referencePrice?: string): RuleProblem[] {
  const problems: RuleProblem[] = [];

  const quantity = parse(order.quantity);
  if (quantity === null || quantity.lte(0)) {
    problems.push(problem("quantity", "PARAMETER_INVALID", "quantity must be a decimal number greater than 0"));
  } else {
    const grid = onGrid("quantity", "quantity", quantity, rules.baseAssetPrecision, rules.stepSize, "step size");
    if (grid) problems.push(grid);
    else if (quantity.lt(rules.minTradeAmount)) {
      problems.push(problem("quantity", "VALIDATION_FAILED", `quantity ${quantity.toFixed()} is below the minimum ${new Decimal(rules.minTradeAmount).toFixed()} of ${rules.symbol}`));
    } else if (quantity.gt(rules.maxTradeAmount)) {
      problems.push(problem("quantity", "VALIDATION_FAILED", `quantity ${quantity.toFixed()} is above the maximum ${new Decimal(rules.maxTradeAmount).toFixed()} of ${rules.symbol}`));
    } else if (order.type === "MARKET") {
      const limit = order.side === "BUY" ? rules.marketBuyLimitSize : rules.marketSellLimitSize;
      if (quantity.gt(limit)) {
        problems.push(problem("quantity", "VALIDATION_FAILED", `a market ${order.side === "BUY" ? "buy" : "sell"} may be at most ${new Decimal(limit).toFixed()} ${rules.symbol} per order`));
      }
    }
  }

  if (order.type === "LIMIT" && order.price !== undefined) {
    const { value: price, problem: bad } = checkPrice("price", "price", order.price, rules);
    if (bad) problems.push(bad);
    else if (price && referencePrice !== undefined && parse(referencePrice)?.gt(0)) {
      const reference = new Decimal(referencePrice);
      if (order.side === "BUY") {
        const ratio = new Decimal(rules.buyLimitPriceRatio);
        const highest = reference.times(ratio.plus(1));
        if (price.gt(highest)) {
          problems.push(problem("price", "VALIDATION_FAILED", `a buy limit price may be at most ${highest.toFixed()} (the reference price ${reference.toFixed()} plus the buy limit price ratio ${ratio.times(100).toFixed()} %)`));
        }
      } else {
        const ratio = new Decimal(rules.sellLimitPriceRatio);
        const lowest = reference.times(new Decimal(1).minus(ratio));
        if (price.lt(lowest)) {
          problems.push(problem("price", "VALIDATION_FAILED", `a sell limit price may be no lower than ${lowest.toFixed()} (the reference price ${reference.toFixed()} minus the sell limit price ratio ${ratio.times(100).toFixed()} %)`));
        }
      }
    }
  }

  for (const [field, text] of Object.entries(order.otherPrices ?? {})) {
    if (text === undefined || text === "" || (parse(text)?.isZero() ?? false)) continue; // absent, or 0 = none / market execution
    const bad = checkPrice(field, field, text, rules).problem;
    if (bad) problems.push(bad);
  }
  return problems;
}
