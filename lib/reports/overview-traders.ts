/**
 * The Overview's two readings of the period's per-invitee sums, in one pass:
 * how many invitees traded (any coin) and the top invitees by commission in the
 * view's coin. Each needs every invitee's sums of the period (the month rollups
 * and the range's edges: commissionsPerUid), which at a year is the Overview's
 * most expensive work; read twice, it was two of its three slowest statements.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { TOP_N, type TopInvitee } from "./contracts/overview";
import type { Coin } from "./filters";
import type { Period } from "./periods";
import { commissionsPerUid } from "./sql";

export interface TradersAndTop {
  /** Invitees with a commission item of any coin in the period (a count, as text). */
  traders: string;
  /** The TOP_N invitees by commission in `coin` (most first, then uid), among those with an item in that coin. */
  top: TopInvitee[];
}

export async function tradersAndTop(db: Db, connectionId: string, p: Period, coin: Coin): Promise<TradersAndTop> {
  const rows = await queryRows<{ traders: string; top: string }>(
    db,
    sql`with per_uid as (
          select uid, sum(commission) filter (where coin = ${coin}) as commission,
                 sum(volume) filter (where coin = ${coin}) as volume, bool_or(coin = ${coin}) as in_coin
          from (${commissionsPerUid(connectionId, p.start, p.end)}) u group by uid)
        select (select count(*) from per_uid)::text as traders,
               (select coalesce(json_agg(json_build_object('uid', t.uid, 'commission', t.commission::text, 'volume', t.volume::text) order by t.commission desc, t.uid), '[]')
                from (select uid, commission, volume from per_uid where in_coin order by commission desc, uid limit ${TOP_N}) t)::text as top`,
  );
  const row = rows[0];
  const top = JSON.parse(row?.top ?? "[]") as Array<{ uid: string; commission: string; volume: string }>;
  return { traders: row?.traders ?? "0", top: top.map((r) => ({ uid: r.uid, coin, commission: r.commission, volume: r.volume })) };
}
