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
import { queryRows, type Db } from "../db/client";
import type { InviteeFigures } from "./contracts/invitee";
import type { Period } from "./periods";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/** commission ÷ fee to 6 decimals, as the Commissions page shows it; null without fee. */
export const effectiveRateOf = (commission: string, fee: string): string | null => (new Decimal(fee).gt(0) ? new Decimal(commission).div(fee).toFixed(6) : null);

export async function inviteeFigures(db: Db, connectionId: string, uid: string, coin: string, p: Period): Promise<InviteeFigures> {
  const [items, assets] = await Promise.all([
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
    netDeposit: new Decimal(a.deposit).minus(a.withdrawal).toFixed(),
    spotTradingAmount: a.spot,
    futuresTradingAmount: a.futures,
  };
}
