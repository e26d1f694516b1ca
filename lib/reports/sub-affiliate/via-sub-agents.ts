/**
 * The invitees whose commission came via a sub-agent (sourceType 2), in one
 * coin, over a range: how many, their commission and volume, and the top of
 * them by commission. The interface's commission items say "via a sub-agent"
 * but never which sub-affiliate, and querySubChannelTransactions gives each
 * sub-affiliate's totals but no invitees — so this is every sub-agent's
 * invitees together, never one sub-affiliate's. Reads the per-invitee rollups
 * (commissionsPerUid: months whole from the month rollup, edges from the items).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { SubAffiliateDetailReport } from "./contract";
import { coinOf, type Coin, type ReportFilters } from "../filters";
import { commissionsPerUid, dailyConditions } from "../sql";
import { ownValue, pricesUsed, valuedLookup, valuedPerCoin, type RowValue } from "../../prices/period-values";
import type { PricesUsed } from "../../prices/words";
import { QUOTE_COIN } from "../../sync/prices/store";

/**
 * In another coin, each invitee's and the total's commission in USDT at its own days' closes: the same items (the
 * coin, product and sourceType 2 over the range's days), read raw — a value needs each day's amount.
 */
async function valuesOf(
  db: Db,
  connectionId: string,
  f: ReportFilters,
  coin: Coin,
): Promise<{ perUid: RowValue; total: (coin: string, commission: string) => string | null; prices: PricesUsed | null }> {
  if (coin === QUOTE_COIN) return { perUid: ownValue, total: (c, commission) => commission, prices: null };
  const rows = { table: sql`commission_items`, where: dailyConditions(connectionId, f.range.startTime, f.range.endTime, { coin, product: f.product, source: "sub" }) };
  const [perUid, total, prices] = await Promise.all([valuedLookup(db, connectionId, rows, sql.raw("uid")), valuedPerCoin(db, connectionId, rows), pricesUsed(db, connectionId, rows)]);
  return { perUid, total: total.commission, prices };
}

type Via = SubAffiliateDetailReport["viaSubAgents"];

/** `top`: how many invitees to list (by commission, then uid); null lists them all (the CSV). */
export async function viaSubAgents(db: Db, connectionId: string, f: ReportFilters, top: number | null): Promise<Via> {
  const coin = coinOf(f);
  const rows = commissionsPerUid(connectionId, f.range.startTime, f.range.endTime, { coin, product: f.product, source: "sub" });
  const limit = top === null ? sql`` : sql` limit ${top}`;
  const [result, { perUid, total, prices }] = await Promise.all([
    queryRows<{ invitees: string; commission: string | null; volume: string | null; top: string }>(
      db,
      sql`with per_uid as materialized (select uid, sum(commission) as commission, sum(volume) as volume from (${rows}) r group by uid)
          select count(*)::text as invitees, sum(commission)::text as commission, sum(volume)::text as volume,
                 (select coalesce(json_agg(t), '[]')::text from
                    (select uid, commission::text as commission, volume::text as volume from per_uid order by per_uid.commission desc, uid${limit}) t) as top
          from per_uid`,
    ),
    valuesOf(db, connectionId, f, coin),
  ]);
  const r = result[0];
  const invitees = Number(r?.invitees ?? 0);
  const listed = JSON.parse(r?.top ?? "[]") as Array<{ uid: string; commission: string; volume: string }>;
  return {
    coin,
    invitees,
    commission: r?.commission ?? "0",
    // No invitee via sub-agents in the coin: nothing to value, so 0 as the commission is — not "not valued".
    commissionUsdt: invitees === 0 ? "0" : total(coin, r?.commission ?? "0"),
    volume: r?.volume ?? "0",
    top: listed.map((i) => ({ uid: i.uid, coin, commission: i.commission, commissionUsdt: perUid(i.uid, coin, i.commission), volume: i.volume })),
    prices,
  };
}
