/**
 * One invitee's headline figures over a period: commission, net fee, taker and
 * maker volume and items of the view's coin (the invitee's own commission
 * items, index on connection_id, uid, day), effective rate, and deposits,
 * withdrawals, net deposit, spot and futures volume (its trade-and-asset days).
 * Sums are SQL numeric returned as text: exact. Used for the range and for the
 * previous period alike, so the two compare like for like.
 */
import "server-only";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { exactDifference } from "../../decimal/exact";
import type { InviteeFigures } from "./contract";
import type { Period } from "../periods";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/** commission ÷ fee to 6 decimals, as the Commissions page shows it; null without fee. */
export const effectiveRateOf = (commission: string, fee: string): string | null => (new Decimal(fee).gt(0) ? new Decimal(commission).div(fee).toFixed(6) : null);

const DAY_MS = 86_400_000;
const COMMISSION_REPORTS = ["getAffiliateCommission:SPOT", "getAffiliateCommission:FUTURES"];
const ASSET_REPORT = "getChannelUserTradeAndAsset";

/**
 * Whether the sync has read the history of the warehouse back to `from` (its
 * UTC day) for the commission items of both products and for the
 * trade-and-asset days (sync_state.coveredFrom: everything from there on is read).
 */
export async function historySyncedFrom(db: Db, connectionId: string, from: number): Promise<{ commission: boolean; assets: boolean }> {
  const rows = await queryRows<{ report: string; covered_from: string | number | null }>(
    db,
    sql`select report, covered_from from sync_state where connection_id = ${connectionId} and report in (${sql.join([...COMMISSION_REPORTS, ASSET_REPORT].map((r) => sql`${r}`), sql`, `)})`,
  );
  const dayStart = Math.floor(from / DAY_MS) * DAY_MS;
  const covered = (report: string) => {
    const v = rows.find((r) => r.report === report)?.covered_from;
    return v !== null && v !== undefined && Number(v) <= dayStart;
  };
  return { commission: COMMISSION_REPORTS.every(covered), assets: covered(ASSET_REPORT) };
}

export async function inviteeFigures(db: Db, connectionId: string, uid: string, coin: string, p: Period): Promise<InviteeFigures> {
  const [synced, items, assets] = await Promise.all([
    historySyncedFrom(db, connectionId, p.start),
    queryRows<{ commission: string; fee: string; taker: string; maker: string; items: string }>(
      db,
      sql`select coalesce(sum(commission), 0)::text as commission, coalesce(sum(fee), 0)::text as fee,
                 coalesce(sum(taker_amount), 0)::text as taker, coalesce(sum(maker_amount), 0)::text as maker, count(*)::text as items
          from commission_items
          where connection_id = ${connectionId} and uid = ${uid} and coin = ${coin}
            and day >= ${iso(p.start)}::timestamptz and day <= ${iso(p.end)}::timestamptz`,
    ),
    // Trade-and-asset rows are per UTC day: the period's calendar days.
    queryRows<{ deposit: string; withdrawal: string; spot: string; futures: string }>(
      db,
      sql`select coalesce(sum(deposit_amount), 0)::text as deposit, coalesce(sum(withdrawal_amount), 0)::text as withdrawal,
                 coalesce(sum(spot_trading_amount), 0)::text as spot, coalesce(sum(futures_trading_amount), 0)::text as futures
          from trade_asset_daily
          where connection_id = ${connectionId} and uid = ${uid} and day >= ${isoDay(p.start)}::date and day <= ${isoDay(p.end)}::date`,
    ),
  ]);
  const c = items[0] ?? { commission: "0", fee: "0", taker: "0", maker: "0", items: "0" };
  const a = assets[0] ?? { deposit: "0", withdrawal: "0", spot: "0", futures: "0" };
  return {
    coin,
    commission: c.commission,
    fee: c.fee,
    takerVolume: c.taker,
    makerVolume: c.maker,
    effectiveRate: effectiveRateOf(c.commission, c.fee),
    items: Number(c.items),
    depositAmount: a.deposit,
    withdrawalAmount: a.withdrawal,
    netDeposit: exactDifference(a.deposit, a.withdrawal),
    spotTradingAmount: a.spot,
    futuresTradingAmount: a.futures,
    commissionSynced: synced.commission,
    assetsSynced: synced.assets,
  };
}
