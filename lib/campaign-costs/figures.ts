/**
 * The campaign figures' arithmetic (pure, browser-safe, exact decimals): cost per sign-up, per first deposit and per
 * first trade, and return = commission ÷ cost. A figure that cannot be computed is blank with its reason in words —
 * no cost entered, a cost not valued, nothing to divide by — never 0 and never ∞.
 */
import Decimal from "decimal.js";

/** An amount of one or more coins summed in ≈ USDT; null when some coin's day has no close held (`notValued` names them). */
export interface Valued {
  usdt: string | null;
  notValued: string[];
  natives: Array<{ coin: string; amount: string }>;
}

/** A figure, or why it is blank. */
export interface Figure {
  value: string | null;
  blank: string | null;
}

const Exact = Decimal.clone({ precision: 60 });
const shown = (value: string): Figure => ({ value, blank: null });
const blank = (words: string): Figure => ({ value: null, blank: words });

export const NO_COST = "no cost entered";
export const notValuedWords = (coins: readonly string[]): string => `not valued: no ${coins.join(", ")} close held for a day of it`;

/** A valued amount as a figure: its ≈ USDT, or why it is blank (`none`: what an absent amount means). */
export function valuedFigure(v: Valued | undefined, none: Figure): Figure {
  if (v === undefined) return none;
  return v.usdt === null ? blank(notValuedWords(v.notValued)) : shown(v.usdt);
}

/** Cost ÷ a count of invitees (USDT, 8 dp); blank without a cost, with a cost not valued, or with none to divide by. */
export function costPer(cost: Valued | undefined, count: number, what: string): Figure {
  const c = valuedFigure(cost, blank(NO_COST));
  if (c.value === null) return c;
  if (count === 0) return blank(`no ${what} yet: nothing to divide by`);
  return shown(new Exact(c.value).div(count).toDecimalPlaces(8).toFixed());
}

/** Return: commission ÷ cost, a ratio (6 dp; 1 = the commission equals the cost). Not profit: nothing is subtracted. */
export function returnOf(commission: Figure, cost: Valued | undefined): Figure {
  const c = valuedFigure(cost, blank(NO_COST));
  if (c.value === null) return c;
  if (commission.value === null) return blank(`commission ${commission.blank ?? "not held"}`);
  return shown(new Exact(commission.value).div(c.value).toDecimalPlaces(6).toFixed());
}

/** A ratio as the page writes it: "1.85×" (2 dp). */
export function ratioWords(ratio: string | null): string {
  return ratio === null ? "—" : `${new Exact(ratio).toDecimalPlaces(2).toFixed(2)}×`;
}

/** Running sums of per-day values; from a day whose value is not valued on, the sum is not valued either. */
export function cumulative(values: ReadonlyArray<string | null>): Array<string | null> {
  let sum: Decimal | null = new Exact(0);
  return values.map((v) => {
    sum = sum === null || v === null ? null : sum.plus(v);
    return sum === null ? null : sum.toFixed();
  });
}
