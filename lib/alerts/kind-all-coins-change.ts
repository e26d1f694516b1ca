/**
 * A period-change rule on the commission of every coin in ≈ USDT: each compared period's total is the Overview's
 * "Commission, all coins" (USDT items as paid, other coins at the close of their own day on the connection's price
 * basis, lib/prices/period-values.ts). A period holding a day whose close is not held has no total, so nothing is
 * judged and the outcome says why — never a change computed on the USDT part alone.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { formatCoinAmount } from "../format/amount";
import { metric } from "../metrics/definitions";
import { commissionAllCoins, pricesUsed, type CommissionRows } from "../prices/period-values";
import { notValuedSentence, pricesSentence, valuedLabel } from "../prices/words";
import { DAY_MS } from "../reports/coverage";
import { changeOf, DIRECTION_VERB } from "./change";
import type { ComparedPeriods } from "./held";
import type { ParamsOf } from "./kinds";
import type { KindResult } from "./types";

type Period = ComparedPeriods["current"];
const iso = (ms: number) => new Date(ms).toISOString();

/** Every commission row of the UTC days from `first` to `last` (day starts, inclusive), all coins: the daily rollup the Overview values. */
const rowsOf = (connectionId: string, first: number, last: number): CommissionRows => ({
  table: sql`commission_day`,
  where: sql`connection_id = ${connectionId} and day >= ${iso(first)}::timestamptz and day < ${iso(last + DAY_MS)}::timestamptz`,
});

export async function evaluateAllCoinsChange(
  db: Db,
  connectionId: string,
  params: ParamsOf<"period-change">,
  current: Period,
  previous: Period,
): Promise<KindResult> {
  const [cur, prev, prices] = await Promise.all([
    commissionAllCoins(db, connectionId, rowsOf(connectionId, current.start, current.end)),
    commissionAllCoins(db, connectionId, rowsOf(connectionId, previous.start, previous.end)),
    pricesUsed(db, connectionId, rowsOf(connectionId, previous.start, current.end)),
  ]);
  const usdt = (v: string) => `≈ ${formatCoinAmount(v, "USDT")} USDT`;
  if (cur === null || prev === null) {
    const why = notValuedSentence(prices, (v, coin) => `${formatCoinAmount(v, coin)} ${coin}`) ?? "Not valued: a day's price is not held.";
    return { candidates: [], notes: [`${metric("commissionAllCoins").label} of ${current.label} against ${previous.label}: ${why}`] };
  }
  const change = changeOf(prev, cur, params.percent, params.direction);
  if (!change.exceeds || change.percent === null) return { candidates: [], notes: [] };
  const basis = pricesSentence(prices);
  return {
    candidates: [
      {
        conditionKey: `commissionAllCoins:USDT:${params.period}:${change.direction}`,
        subject: current.label,
        sentence:
          `${valuedLabel(metric("commissionAllCoins").label)} ${DIRECTION_VERB[change.direction]} ${change.percent.replace("-", "")} % (threshold ${params.percent} %): ` +
          `${usdt(cur)} on ${current.label} against ${usdt(prev)} on ${previous.label}.${basis ? ` ${basis}` : ""}`,
        figures: { current: cur, previous: prev, changePercent: change.percent, coin: "USDT", valued: "each day's close", basis: prices.basis, currentPeriod: current.label, previousPeriod: previous.label },
        // Commissions with no coin chosen is every coin, valued as here.
        links: [{ label: "Commissions", href: `/commissions?from=${previous.label.slice(0, 10)}&to=${current.label.slice(-10)}&range=custom` }],
      },
    ],
    notes: [],
  };
}
