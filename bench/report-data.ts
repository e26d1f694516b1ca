/**
 * The warehouse shapes of the report benchmark (bench/report-latency.ts).
 *
 * - uniform: one million commission items generated in SQL, 20 000 invitees
 *   each with about one item every 8 days and all of them active every month.
 *   Unrealistic on purpose: it is the worst case for the per-invitee month
 *   rollups (every invitee has a row in every month), so it stays reported.
 * - realistic: the sandbox exchange's own affiliate world (lib/sandbox/data/
 *   affiliate), the data shape of ../shared/sandbox-data.md — sign-ups with
 *   seasonality, a funnel, activity decaying, whales trading daily across many
 *   symbols and both products — scaled up in invitees until it holds about the
 *   asked number of items. Loaded through the tables' ordinary inserts (the
 *   loaders the report tests use), so the rollup triggers run as for any writer.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../lib/db/client";
import { createAffiliateWorld, type AffiliateWorld } from "../lib/sandbox/data/affiliate";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "../test/support/warehouse";
import { fmt } from "./stats";

export const SHAPES = ["uniform", "realistic"] as const;
export type Shape = (typeof SHAPES)[number];

/** What a fill put in the warehouse, for the report header and the live-paging estimate. */
export interface FillSummary {
  items: number;
  /** One line saying what the shape is. */
  description: string;
}

// ---------------------------------------------------------------------------
// uniform (unchanged from the first version of the benchmark)
// ---------------------------------------------------------------------------

const UNIFORM_DAYS = 400;

export async function fillUniform(db: Db, connectionId: string, items: number): Promise<FillSummary> {
  const perDay = Math.ceil(items / UNIFORM_DAYS);
  // Natural keys stay unique: within one day, uids are consecutive numbers.
  await db.execute(sql`
    insert into commission_items (connection_id, uid, day, coin, product_type, symbol, source_type, fee, commission, rate, taker_amount, maker_amount)
    select ${connectionId}, (1000000000 + g % 20000)::text,
           date_trunc('day', now()) - ((g / ${perDay})::int * interval '1 day'),
           case when g % 10 = 0 then 'BTC' else 'USDT' end,
           case when g % 3 = 0 then 'SPOT' else 'FUTURES' end,
           (array['BTCUSDT','ETHUSDT','SOLUSDT','XRPUSDT','DOGEUSDT'])[1 + (g / 20000) % 5],
           1 + (g % 4 = 0)::int,
           round((g % 997) * 0.01370001, 8), round((g % 997) * 0.01370001, 8) * 0.35, 0.35,
           round((g % 991) * 13.7, 2), round((g % 983) * 7.3, 2)
    from generate_series(0, ${items - 1}) g`);
  await db.execute(sql`
    insert into invited_users (connection_id, uid, register_time, kyc_result, invite_code, first_deposit, last_deposit, first_trade, last_trade)
    select ${connectionId}, (1000000000 + g)::text, now() - (g % 400) * interval '1 day', g % 5 < 3, 'CODE' || (g % 7),
           case when g % 3 = 0 then now() - (g % 400) * interval '1 day' + interval '2 hours' end, null,
           case when g % 4 = 0 then now() - (g % 400) * interval '1 day' + interval '1 day' end,
           case when g % 4 = 0 then now() - (g % 60) * interval '1 day' end
    from generate_series(0, 19999) g`);
  await db.execute(sql`
    insert into sub_affiliate_daily (connection_id, sub_affiliate_uid, product_type, day, trading_volume, net_trading_fee, paid_commission)
    select ${connectionId}, (200000000 + s)::text, p, (current_date - d), round(s * 1000.5 + d, 2), round(s * 1.25 + d * 0.01, 8), round(s * 0.5 + d * 0.004, 8)
    from generate_series(0, 14) s, generate_series(0, ${UNIFORM_DAYS - 1}) d, unnest(array['SPOT','FUTURES']) p`);
  await db.execute(sql`
    insert into trade_asset_daily (connection_id, uid, day, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission)
    select ${connectionId}, (1000000000 + u)::text, (current_date - d), round(u * 3.5, 2), round(u * 1.5, 2), round(u * 100.25, 2), round(u * 400.75, 2), round(u * 0.0125, 8)
    from generate_series(0, 1999) u, generate_series(0, 364) d where (u + d) % 5 = 0`);
  return {
    items,
    description: `uniform (SQL-generated worst case): 20 000 invitees, each with ~1 item every 8 days and active every month, ${UNIFORM_DAYS} days`,
  };
}

// ---------------------------------------------------------------------------
// realistic: the sandbox's own affiliate world, scaled up
// ---------------------------------------------------------------------------

const REALISTIC_SEED = 42;
const REALISTIC_DAYS = 400;
const REALISTIC_SUB_AFFILIATES = 15;
/**
 * Commission items per sign-up of the sandbox world over 400 days (seed 42:
 * 17.6 at 1 500 invitees, 20.1 at 6 000, ~20 from there on as the few whales
 * average out). The invitee count is the only knob that scales the world
 * without changing its shape, so --items sets it through this ratio; the
 * count actually generated is printed.
 */
const ITEMS_PER_INVITEE = 20;

let cached: { world: AffiliateWorld; now: number; invitees: number; generateMs: number } | undefined;

/**
 * The world (generated once per process and shared by the PGlite and the
 * PostgreSQL run, so both hold identical data).
 */
function realisticWorld(items: number, now: number): { world: AffiliateWorld; invitees: number; generateMs: number } {
  if (cached && cached.now === now) return cached;
  const invitees = Math.max(100, Math.round(items / ITEMS_PER_INVITEE));
  const t = performance.now();
  const world = createAffiliateWorld(
    { seed: REALISTIC_SEED, invitees, days: REALISTIC_DAYS, subAffiliates: REALISTIC_SUB_AFFILIATES, restate: false },
    now,
  );
  // Materialise the items now, so the load time below is the database's alone.
  world.commissionItems(now);
  world.invitedUsers(now);
  cached = { world, now, invitees, generateMs: performance.now() - t };
  return cached;
}

export async function fillRealistic(db: Db, connectionId: string, items: number, now: number): Promise<FillSummary> {
  const { world, invitees, generateMs } = realisticWorld(items, now);
  console.log(`  generated the sandbox world (${invitees} sign-ups asked) in ${fmt(generateMs / 1000, 1)} s (once per run)`);
  // The loaders insert in batches of 1 000 rows (trade-and-asset: one day per statement), like the sync's pages.
  const loaded = await loadCommissions(db, connectionId, world, now);
  const users = await loadInvitees(db, connectionId, world, now);
  await loadSubAffiliates(db, connectionId, world, now);
  await loadTradeAssetDays(db, connectionId, world, now, REALISTIC_DAYS);
  // How realistic it stayed once scaled: the top invitees' share of USDT commission (display only, rounded in SQL).
  const stats = await queryRows<{ traders: string; top10: string | null; whales: string }>(
    db,
    sql`with per as (select uid, sum(commission) as commission from commission_uid_coin_monthly
                     where connection_id = ${connectionId} and coin = 'USDT' group by uid)
        select (select count(distinct uid) from commission_uid_coin_monthly where connection_id = ${connectionId})::text as traders,
               round(100 * (select sum(commission) from (select commission from per order by commission desc limit 10) t)
                     / nullif((select sum(commission) from per), 0), 1)::text as top10,
               (select count(*) from (select uid from commission_items where connection_id = ${connectionId}
                                      group by uid having count(distinct day) >= 200) w)::text as whales`,
  );
  const s = stats[0];
  return {
    items: loaded,
    description:
      `realistic (sandbox affiliate world, seed ${REALISTIC_SEED}, scaled): ${users} invitees over ${REALISTIC_DAYS} days, ` +
      `${s?.traders ?? "?"} traders, ${s?.whales ?? "?"} active on ≥ 200 days, top 10 = ${s?.top10 ?? "?"} % of USDT commission, ` +
      `${REALISTIC_SUB_AFFILIATES} sub-affiliates`,
  };
}
