/**
 * A sub-affiliate's trading volume or paid commission (summed over products,
 * as the Sub-affiliates report does) of the last complete day or week against
 * the one before.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import { isoDay } from "../reports/coverage";
import { subAffiliateHref } from "../reports/entity-links";
import { changeOf, DIRECTION_VERB } from "./change";
import { heldSpan, isHeldSpan, lastTwoPeriods, SUB_AFFILIATE_SOURCES } from "./held";
import type { AlertCandidate, Evaluator } from "./types";
import { formatCoinAmount } from "../format/amount";

export const evaluateSubAffiliateChange: Evaluator<"sub-affiliate-change"> = async ({ db, connectionId, params }) => {
  const span = await heldSpan(db, connectionId, SUB_AFFILIATE_SOURCES);
  if (!isHeldSpan(span)) return { candidates: [], notes: [`Sub-affiliate data: ${span.missing}.`] };
  const periods = lastTwoPeriods(span, params.period);
  if ("missing" in periods) return { candidates: [], notes: [`Sub-affiliate data: ${periods.missing}.`] };
  const { current, previous } = periods;
  const column = params.metric === "volume" ? sql`trading_volume` : sql`paid_commission`;
  const rows = await queryRows<{ sub: string; cur: string; prev: string }>(
    db,
    sql`select sub_affiliate_uid as sub,
               coalesce(sum(${column}) filter (where day >= ${isoDay(current.start)}::date), 0)::text as cur,
               coalesce(sum(${column}) filter (where day < ${isoDay(current.start)}::date), 0)::text as prev
        from sub_affiliate_daily
        where connection_id = ${connectionId} and day >= ${isoDay(previous.start)}::date and day <= ${isoDay(current.end)}::date
          ${params.sub ? sql`and sub_affiliate_uid = ${params.sub}` : sql``}
        group by 1 order by 1`,
  );
  const name = params.metric === "volume" ? "trading volume" : "paid commission";
  const candidates: AlertCandidate[] = [];
  for (const r of rows) {
    const change = changeOf(r.prev, r.cur, params.percent, params.direction);
    if (!change.exceeds || change.percent === null) continue;
    candidates.push({
      conditionKey: `sub:${r.sub}:${params.metric}:${params.period}:${change.direction}`,
      subject: current.label,
      sentence: `Sub-affiliate ${r.sub}'s ${name} ${DIRECTION_VERB[change.direction]} ${change.percent.replace("-", "")} % (threshold ${params.percent} %): ${formatCoinAmount(r.cur, "USDT")} USDT on ${current.label} against ${formatCoinAmount(r.prev, "USDT")} USDT on ${previous.label}.`,
      figures: { sub: r.sub, current: r.cur, previous: r.prev, changePercent: change.percent, coin: "USDT", currentPeriod: current.label, previousPeriod: previous.label },
      links: [{ label: `Sub-affiliate ${r.sub}`, href: subAffiliateHref(r.sub, new URLSearchParams({ range: "custom", from: isoDay(previous.start), to: isoDay(current.end) })) }],
    });
  }
  return { candidates, notes: [] };
};
