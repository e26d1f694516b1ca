/**
 * The Overview's two readings of the period's per-invitee sums: how many
 * invitees traded (any coin) and the top invitees by commission in the view's
 * coin. Each needs every invitee's sums of the period (the month rollups and the
 * range's edges: commissionsPerUid), which at a year is the Overview's most
 * expensive work. Where statements queue (PGlite) both come from one pass, less
 * work in all (the Overview's p50 at a year 158 → 136 ms on the 1 M-item
 * warehouse, with its new invitees read once: overview.ts); where they run side
 * by side (a PostgreSQL pool) each keeps its own lighter statement (one pass made
 * the 30-day Overview 1.3–1.4× slower there).
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { TOP_N, type TopInvitee } from "./contract";
import type { Coin } from "../filters";
import type { Period } from "../periods";
import { commissionsPerUid } from "../sql";

/** A top invitee's sums as read here; the Overview values them in USDT afterwards (detail.ts). */
export type TopInviteeSums = Omit<TopInvitee, "commissionUsdt">;

export interface TradersAndTop {
  /** Invitees with a commission item of any coin in the period (a count, as text). */
  traders: string;
  /** The TOP_N invitees by commission in `coin` (most first, then uid), among those with an item in that coin. */
  top: TopInviteeSums[];
}

type TopRow = { uid: string; commission: string; volume: string };

/** The count of the period's active traders, as a text-valued SQL expression. */
export function activeTradersSql(connectionId: string, p: Period): SQL {
  return sql`(select count(*) from (select uid from (${commissionsPerUid(connectionId, p.start, p.end)}) u group by uid) t)::text`;
}

/** The period's top invitees in one coin, alone (where statements run side by side). */
export async function topInvitees(db: Db, connectionId: string, p: Period, coin: Coin): Promise<TopInviteeSums[]> {
  const rows = await queryRows<TopRow>(
    db,
    sql`select uid, sum(commission)::text as commission, sum(volume)::text as volume
        from (${commissionsPerUid(connectionId, p.start, p.end, { coin })}) u
        group by uid order by sum(commission) desc, uid limit ${TOP_N}`,
  );
  return rows.map((r) => ({ uid: r.uid, coin, commission: r.commission, volume: r.volume }));
}

/** Traders and top invitees in one pass (where statements queue: PGlite). */
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
  const top = JSON.parse(rows[0]?.top ?? "[]") as TopRow[];
  return { traders: rows[0]?.traders ?? "0", top: top.map((r) => ({ uid: r.uid, coin, commission: r.commission, volume: r.volume })) };
}
