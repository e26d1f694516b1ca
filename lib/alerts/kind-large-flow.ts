/**
 * An invitee's deposit or withdrawal above an amount: each trade-and-asset
 * record (one invitee, one UTC day: the interface's finest grain) fires once.
 * Records from the day before the rule was made on, so a new rule does not
 * fire on years of history.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import { DAY_MS, isoDay, utcDayOf } from "../reports/coverage";
import { inviteeHref } from "../reports/entity-links";
import type { AlertCandidate, Evaluator } from "./types";
import { formatCoinAmount } from "../format/amount";

export const evaluateLargeFlow: Evaluator<"large-flow"> = async ({ db, connectionId, params, ruleCreatedAt }) => {
  const since = isoDay(utcDayOf(ruleCreatedAt.getTime()) - DAY_MS);
  const flows = params.flow === "either" ? (["deposit", "withdrawal"] as const) : [params.flow];
  const candidates: AlertCandidate[] = [];
  for (const flow of flows) {
    const column = flow === "deposit" ? sql`deposit_amount` : sql`withdrawal_amount`;
    const rows = await queryRows<{ uid: string; day: string; amount: string }>(
      db,
      sql`select uid, to_char(day, 'YYYY-MM-DD') as day, ${column}::text as amount from trade_asset_daily
          where connection_id = ${connectionId} and day >= ${since}::date and ${column} > ${params.amount}::numeric
          order by day, uid limit 200`,
    );
    for (const r of rows) {
      candidates.push({
        conditionKey: `${flow}:${r.uid}:${r.day}`,
        subject: "record",
        sentence: `Invitee ${r.uid} ${flow === "deposit" ? "deposited" : "withdrew"} ${formatCoinAmount(r.amount, params.coin)} ${params.coin} on ${r.day} (threshold ${params.amount} ${params.coin}).`,
        figures: { uid: r.uid, day: r.day, amount: r.amount, threshold: params.amount, coin: params.coin, flow },
        links: [{ label: `Invitee ${r.uid}`, href: inviteeHref(r.uid, new URLSearchParams({ range: "custom", from: r.day, to: r.day })) }],
      });
    }
  }
  return { candidates, notes: [] };
};
