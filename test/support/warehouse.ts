/**
 * Fills a warehouse straight from a sandbox world's ground truth, without the
 * sync: report tests then compare SQL figures with an independent decimal.js
 * computation over the same records.
 */
import type { Db } from "../../lib/db/client";
import { commissionItems, invitedUsers, subAffiliateDaily, tradeAssetDaily } from "../../lib/db/schema";
import type { AffiliateWorld } from "../../lib/sandbox/data/affiliate";

export async function loadCommissions(db: Db, connectionId: string, world: AffiliateWorld, now: number): Promise<number> {
  const rows = world.commissionItems(now).map((r) => ({
    connectionId,
    uid: r.uid,
    day: new Date(r.date),
    coin: r.coin,
    productType: r.productType,
    symbol: r.symbol,
    sourceType: r.sourceType,
    fee: r.fee,
    commission: r.commission,
    rate: r.rate,
    takerAmount: r.takerAmount,
    makerAmount: r.makerAmount,
  }));
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(commissionItems).values(rows.slice(i, i + 1_000));
  return rows.length;
}

export async function loadSubAffiliates(db: Db, connectionId: string, world: AffiliateWorld, now: number): Promise<number> {
  const rows = world.subAffiliateRecords(now).map((r) => ({
    connectionId,
    subAffiliateUid: r.subAffiliateUid,
    productType: r.productType,
    day: r.date,
    tradingVolume: r.tradingVolume,
    netTradingFee: r.netTradingFee,
    paidCommission: r.paidCommission,
  }));
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(subAffiliateDaily).values(rows.slice(i, i + 1_000));
  return rows.length;
}

export async function loadInvitees(db: Db, connectionId: string, world: AffiliateWorld, now: number): Promise<number> {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  const rows = world.invitedUsers(now).map((u) => ({
    connectionId,
    uid: u.uid,
    registerTime: new Date(u.registerTime),
    kycResult: u.kycResult,
    inviteCode: u.inviteCode,
    firstDeposit: date(u.firstDeposit),
    lastDeposit: date(u.lastDeposit),
    firstTrade: date(u.firstTrade),
    lastTrade: date(u.lastTrade),
  }));
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(invitedUsers).values(rows.slice(i, i + 1_000));
  return rows.length;
}

/** Trade-and-asset records read one UTC day at a time, as the sync stores them. */
export async function loadTradeAssetDays(db: Db, connectionId: string, world: AffiliateWorld, now: number, days: number): Promise<number> {
  const DAY = 86_400_000;
  const today = Math.floor(now / DAY) * DAY;
  let count = 0;
  for (let d = 0; d < days; d++) {
    const start = today - d * DAY;
    const rows = world.tradeAndAsset(now, { startTime: start, endTime: start + DAY - 1 }).map((r) => ({
      connectionId,
      uid: r.uid,
      day: new Date(start).toISOString().slice(0, 10),
      depositAmount: r.depositAmount,
      withdrawalAmount: r.withdrawalAmount,
      spotTradingAmount: r.spotTradingAmount,
      futuresTradingAmount: r.futuresTradingAmount,
      commission: r.commission,
    }));
    if (rows.length > 0) await db.insert(tradeAssetDaily).values(rows);
    count += rows.length;
  }
  return count;
}
