/**
 * Commission (per coin, never added across coins), commission of all coins in
 * ≈ USDT (each day's close, docs/prices.md) or trading volume (USDT) of the last
 * complete day, week or month against the one before, from the commission day
 * rollup the Overview reads.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import { DAY_MS } from "../reports/coverage";
import { changeOf, DIRECTION_VERB } from "./change";
import { COMMISSION_SOURCES, heldSpan, isHeldSpan, lastTwoPeriods } from "./held";
import type { AlertCandidate, Evaluator } from "./types";
import { formatCoinAmount } from "../format/amount";
import { metric } from "../metrics/definitions";
import { evaluateAllCoinsChange } from "./kind-all-coins-change";

const iso = (ms: number) => new Date(ms).toISOString();

export const evaluatePeriodChange: Evaluator<"period-change"> = async ({ db, connectionId, params }) => {
  const span = await heldSpan(db, connectionId, COMMISSION_SOURCES);
  if (!isHeldSpan(span)) return { candidates: [], notes: [`Commission data: ${span.missing}.`] };
  const periods = lastTwoPeriods(span, params.period);
  if ("missing" in periods) return { candidates: [], notes: [`Commission data: ${periods.missing}.`] };
  const { current, previous } = periods;
  if (params.metric === "commissionAllCoins") return evaluateAllCoinsChange(db, connectionId, params, current, previous);
  const figure = params.metric === "commission" ? sql`commission` : sql`taker_amount + maker_amount`;
  // Volume is USDT for every item (as the Overview sums it); commission stays per coin.
  const coinColumn = params.metric === "commission" ? sql`coin` : sql`'USDT'`;
  const rows = await queryRows<{ coin: string; cur: string; prev: string }>(
    db,
    sql`select ${coinColumn} as coin,
               coalesce(sum(${figure}) filter (where day >= ${iso(current.start)}::timestamptz), 0)::text as cur,
               coalesce(sum(${figure}) filter (where day < ${iso(current.start)}::timestamptz), 0)::text as prev
        from commission_day
        where connection_id = ${connectionId} and day >= ${iso(previous.start)}::timestamptz and day < ${iso(current.end + DAY_MS)}::timestamptz
          ${params.metric === "commission" && params.coin ? sql`and coin = ${params.coin}` : sql``}
        group by 1 order by 1`,
  );
  // The Overview's figures, under their one definition's label (lib/metrics): the volume is that of every coin's items.
  const name = metric(params.metric === "commission" ? "commission" : "volumeAllCoins").label;
  const candidates: AlertCandidate[] = [];
  for (const row of rows) {
    const change = changeOf(row.prev, row.cur, params.percent, params.direction);
    if (!change.exceeds || change.percent === null) continue;
    candidates.push({
      conditionKey: `${params.metric}:${row.coin}:${params.period}:${change.direction}`,
      subject: current.label,
      sentence: `${name} ${DIRECTION_VERB[change.direction]} ${change.percent.replace("-", "")} % (threshold ${params.percent} %): ${formatCoinAmount(row.cur, row.coin)} ${row.coin} on ${current.label} against ${formatCoinAmount(row.prev, row.coin)} ${row.coin} on ${previous.label}.`,
      figures: { current: row.cur, previous: row.prev, changePercent: change.percent, coin: row.coin, currentPeriod: current.label, previousPeriod: previous.label },
      links: [{ label: params.metric === "commission" ? "Commissions" : "Overview", href: `${params.metric === "commission" ? "/commissions" : "/"}?from=${previous.label.slice(0, 10)}&to=${current.label.slice(-10)}&range=custom${params.metric === "commission" ? `&coin=${row.coin}` : ""}` }],
    });
  }
  return { candidates, notes: [] };
};
