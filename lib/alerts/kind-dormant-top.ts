/**
 * One of the top N invitees by commission (one coin) over a window of whole
 * days, with no commission item — no trade — in the last D whole days, from
 * the per-invitee day rollup. Each silence fires once (its last active day).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import { DAY_MS, isoDay } from "../reports/coverage";
import { inviteeHref } from "../reports/entity-links";
import { COMMISSION_SOURCES, heldSpan, isHeldSpan } from "./held";
import type { Evaluator } from "./types";
import { formatCoinAmount } from "../format/amount";

const iso = (ms: number) => new Date(ms).toISOString();

export const evaluateDormantTop: Evaluator<"dormant-top"> = async ({ db, connectionId, params }) => {
  const span = await heldSpan(db, connectionId, COMMISSION_SOURCES);
  if (!isHeldSpan(span)) return { candidates: [], notes: [`Commission data: ${span.missing}.`] };
  const windowStart = span.lastComplete - (params.windowDays - 1) * DAY_MS;
  const window = `${isoDay(windowStart)} → ${isoDay(span.lastComplete)}`;
  if (windowStart < span.first) {
    return { candidates: [], notes: [`Commission data: the warehouse does not hold ${window} whole (history from ${isoDay(span.first)}), so no ranking is made.`] };
  }
  const silentFrom = span.lastComplete - (params.silentDays - 1) * DAY_MS;
  const rows = await queryRows<{ uid: string; commission: string; rank: string; last_day: string }>(
    db,
    sql`with top as (
          select uid, sum(commission) as commission from commission_uid_day
          where connection_id = ${connectionId} and coin = ${params.coin} and items > 0
            and day >= ${iso(windowStart)}::timestamptz and day < ${iso(span.lastComplete + DAY_MS)}::timestamptz
          group by uid order by sum(commission) desc, uid limit ${params.top}
        ), ranked as (select uid, commission, row_number() over (order by commission desc, uid) as rank from top)
        select r.uid, r.commission::text as commission, r.rank::text as rank, to_char(max(d.day) at time zone 'UTC', 'YYYY-MM-DD') as last_day
        from ranked r join commission_uid_day d on d.connection_id = ${connectionId} and d.uid = r.uid and d.items > 0
          and d.day < ${iso(span.lastComplete + DAY_MS)}::timestamptz
        group by r.uid, r.commission, r.rank
        having max(d.day) < ${iso(silentFrom)}::timestamptz
        order by r.rank`,
  );
  return {
    candidates: rows.map((r) => ({
      conditionKey: `dormant:${r.uid}`,
      subject: r.last_day,
      sentence: `Invitee ${r.uid}, number ${r.rank} of the top ${params.top} by ${params.coin} commission over ${window} (${formatCoinAmount(r.commission, params.coin)} ${params.coin}), has not traded since ${r.last_day}: nothing in the ${params.silentDays} whole days up to ${isoDay(span.lastComplete)}.`,
      figures: { uid: r.uid, rank: r.rank, commission: r.commission, coin: params.coin, lastActiveDay: r.last_day, window, silentDays: String(params.silentDays) },
      links: [{ label: `Invitee ${r.uid}`, href: inviteeHref(r.uid, new URLSearchParams({ range: "custom", from: isoDay(windowStart), to: isoDay(span.lastComplete), coin: params.coin })) }],
    })),
    notes: [],
  };
};
