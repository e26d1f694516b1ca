/**
 * Ground truth of the warehouse: what the sandbox world says, summed with
 * decimal.js, against what the warehouse holds, summed by SQL over numeric.
 */
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { RunningSandbox } from "../../lib/sandbox";
import { queryRows, type Db } from "../../lib/db/client";
import { DAY_MS, earliestDay, utcDay } from "../../lib/sync/windows";

type Sums = Record<string, string>;

const norm = (v: unknown): string => (v === null || v === undefined ? "null" : new Decimal(String(v)).toString());

function add(into: Map<string, Decimal[]>, key: string, values: string[]): void {
  const sums = into.get(key) ?? values.map(() => new Decimal(0));
  into.set(key, sums.map((s, i) => s.plus(values[i] ?? "0")));
}

function fromDecimals(map: Map<string, Decimal[]>): Sums {
  return Object.fromEntries([...map].map(([k, v]) => [k, v.map((d) => d.toString()).join(" ")]));
}

/** Per day, coin and product: row count, Σ fee, Σ commission, Σ taker, Σ maker. */
export async function commissionTotals(db: Db, connectionId: string, productType?: string): Promise<Sums> {
  const rows = await queryRows<{ key: string; n: string; fee: string; commission: string; taker: string; maker: string }>(
    db,
    sql`select to_char(day at time zone 'UTC', 'YYYY-MM-DD') || '|' || coin || '|' || product_type as key, count(*)::text as n,
          sum(fee)::text as fee, sum(commission)::text as commission, sum(taker_amount)::text as taker, sum(maker_amount)::text as maker
        from commission_items where connection_id = ${connectionId} ${productType ? sql`and product_type = ${productType}` : sql``}
        group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, [r.n, norm(r.fee), norm(r.commission), norm(r.taker), norm(r.maker)].join(" ")]));
}

export function expectedCommissionTotals(sandbox: RunningSandbox, now: number, earliest: number, productType?: string): Sums {
  const map = new Map<string, Decimal[]>();
  for (const i of sandbox.world.affiliate.commissionItems(now)) {
    if (i.date < earliest || (productType && i.productType !== productType)) continue;
    add(map, `${new Date(i.date).toISOString().slice(0, 10)}|${i.coin}|${i.productType}`, ["1", i.fee, i.commission, i.takerAmount, i.makerAmount]);
  }
  return fromDecimals(map);
}

export async function invitedUsersIn(db: Db, connectionId: string): Promise<string[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select uid, (extract(epoch from register_time) * 1000)::bigint::text as r, kyc_result as k, invite_code as c,
          (extract(epoch from first_deposit) * 1000)::bigint::text as fd, (extract(epoch from last_deposit) * 1000)::bigint::text as ld,
          (extract(epoch from first_trade) * 1000)::bigint::text as ft, (extract(epoch from last_trade) * 1000)::bigint::text as lt
        from invited_users where connection_id = ${connectionId} order by uid`,
  );
  return rows.map((r) => [r.uid, r.r, r.k, r.c, r.fd, r.ld, r.ft, r.lt].map((v) => String(v ?? null)).join(" "));
}

export function expectedInvitedUsers(sandbox: RunningSandbox, now: number, earliest: number): string[] {
  return sandbox.world.affiliate
    .invitedUsers(now)
    .filter((u) => u.registerTime >= earliest)
    .map((u) => [u.uid, u.registerTime, u.kycResult, u.inviteCode, u.firstDeposit, u.lastDeposit, u.firstTrade, u.lastTrade].map((v) => String(v ?? null)).join(" "))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export async function subAffiliateRows(db: Db, connectionId: string): Promise<Sums> {
  const rows = await queryRows<{ key: string; v: string; f: string; c: string }>(
    db,
    sql`select sub_affiliate_uid || '|' || product_type || '|' || day::text as key, trading_volume::text as v, net_trading_fee::text as f, paid_commission::text as c
        from sub_affiliate_daily where connection_id = ${connectionId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, [norm(r.v), norm(r.f), norm(r.c)].join(" ")]));
}

export function expectedSubAffiliateRows(sandbox: RunningSandbox, now: number, earliest: number): Sums {
  const out: Sums = {};
  for (const r of sandbox.world.affiliate.subAffiliateRecords(now)) {
    if (Date.parse(`${r.date}T00:00:00Z`) < earliest) continue;
    out[`${r.subAffiliateUid}|${r.productType}|${r.date}`] = [norm(r.tradingVolume), norm(r.netTradingFee), norm(r.paidCommission)].join(" ");
  }
  return out;
}

/** Per UTC day: row count and the sums of the five amounts. */
export async function tradeAssetTotals(db: Db, connectionId: string): Promise<Sums> {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select day::text as key, count(*)::text as n, sum(deposit_amount)::text as d, sum(withdrawal_amount)::text as w,
          sum(spot_trading_amount)::text as s, sum(futures_trading_amount)::text as f, sum(commission)::text as c
        from trade_asset_daily where connection_id = ${connectionId} group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.key), [r.n, norm(r.d), norm(r.w), norm(r.s), norm(r.f), norm(r.c)].join(" ")]));
}

export function expectedTradeAssetTotals(sandbox: RunningSandbox, now: number, earliest: number): Sums {
  const out: Sums = {};
  for (let day = earliest; day <= utcDay(now); day += DAY_MS) {
    const records = sandbox.world.affiliate.tradeAndAsset(now, { startTime: day, endTime: Math.min(day + DAY_MS - 1, now) });
    if (records.length === 0) continue;
    const map = new Map<string, Decimal[]>();
    for (const r of records) add(map, "x", ["1", r.depositAmount, r.withdrawalAmount, r.spotTradingAmount, r.futuresTradingAmount, r.commission]);
    out[new Date(day).toISOString().slice(0, 10)] = fromDecimals(map).x ?? "";
  }
  return out;
}

/** Every report of the warehouse against the world, at `now`. */
export async function warehouseVsWorld(db: Db, connectionId: string, sandbox: RunningSandbox, now: number, historyDays: number) {
  const earliest = earliestDay(now, historyDays);
  return {
    actual: {
      commission: await commissionTotals(db, connectionId),
      invited: await invitedUsersIn(db, connectionId),
      sub: await subAffiliateRows(db, connectionId),
      trade: await tradeAssetTotals(db, connectionId),
    },
    expected: {
      commission: expectedCommissionTotals(sandbox, now, earliest),
      invited: expectedInvitedUsers(sandbox, now, earliest),
      sub: expectedSubAffiliateRows(sandbox, now, earliest),
      trade: expectedTradeAssetTotals(sandbox, now, earliest),
    },
  };
}
