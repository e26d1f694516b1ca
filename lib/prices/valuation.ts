/**
 * Valuing native amounts in USDT at the close of each amount's own day (docs/prices.md).
 *
 * A row in USDT is its own value. A row in another coin is valued at the close of COINUSDT for the
 * row's UTC day on the connection's price basis, exactly (decimal, no float); when that close is not
 * held the row is "not valued": its native amount is kept, never valued at 0 or at another day's price.
 */
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { priceCloses, type PriceBasis } from "../db/schema-prices";
import { exactProduct } from "../decimal/exact";
import { pairOf, QUOTE_COIN } from "../sync/prices/store";
import { priceBasisOf } from "./basis";
import { pricesAvailability, type PricesAvailability } from "./availability";

export interface NativeAmount {
  coin: string;
  /** The row's UTC day, YYYY-MM-DD. */
  day: string;
  /** A decimal string in `coin`. */
  amount: string;
}

export type ValuedAmount = NativeAmount &
  (
    | {
        status: "valued";
        usdt: string;
        /** The price used ("1" for USDT), its pair (null for USDT), its day and the instant it is at. */
        price: string;
        priceSymbol: string | null;
        priceDay: string;
        priceTime: number | null;
        /** False while the day's candle still runs (today): the latest price, not yet the close. */
        final: boolean;
      }
    | { status: "not-valued"; reason: "no-price" }
  );

export interface Valuation {
  basis: PriceBasis;
  rows: ValuedAmount[];
  /** Whether the exchange serves K-lines for this connection (from the sync's records). */
  availability: PricesAvailability;
}

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** Values `amounts` for a connection on its price basis (or `basis` when given). */
export async function valueAmounts(db: Db, connectionId: string, amounts: readonly NativeAmount[], basis?: PriceBasis): Promise<Valuation> {
  const used = basis ?? (await priceBasisOf(db, connectionId));
  for (const a of amounts) if (!DAY_TEXT.test(a.day)) throw new RangeError(`valueAmounts: day must be YYYY-MM-DD, got "${a.day}"`);
  const priced = amounts.filter((a) => a.coin !== QUOTE_COIN);
  const symbols = [...new Set(priced.map((a) => pairOf(a.coin)))];
  const days = [...new Set(priced.map((a) => a.day))];
  const closes = new Map<string, { close: string; priceTime: number; final: boolean }>();
  if (symbols.length > 0) {
    const t = priceCloses;
    const rows = await db
      .select({ symbol: t.symbol, day: t.day, close: t.close, priceTime: t.priceTime, final: t.final })
      .from(t)
      .where(and(eq(t.connectionId, connectionId), eq(t.basis, used), inArray(t.symbol, symbols), sql`${t.day} = any(${sql.param(days)}::date[])`));
    for (const r of rows) closes.set(`${r.symbol}|${r.day}`, { close: r.close, priceTime: r.priceTime, final: r.final });
  }
  const rows = amounts.map((a): ValuedAmount => {
    if (a.coin === QUOTE_COIN) return { ...a, status: "valued", usdt: a.amount, price: "1", priceSymbol: null, priceDay: a.day, priceTime: null, final: true };
    const symbol = pairOf(a.coin);
    const c = closes.get(`${symbol}|${a.day}`);
    if (!c) return { ...a, status: "not-valued", reason: "no-price" };
    return { ...a, status: "valued", usdt: exactProduct(a.amount, c.close), price: c.close, priceSymbol: symbol, priceDay: a.day, priceTime: c.priceTime, final: c.final };
  });
  return { basis: used, rows, availability: await pricesAvailability(db, connectionId) };
}
