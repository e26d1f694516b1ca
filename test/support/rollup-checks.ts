/**
 * Exactness checks of the warehouse rollups (lib/db/schema-rollups.ts and the
 * retention cells): each rollup against a GROUP BY over its raw table, by SQL,
 * so a test can assert "every rollup equals its definition" after any write.
 */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows, type Db } from "@/lib/db/client";

export interface RollupDef {
  table: string;
  /** The raw table it sums. */
  raw: "commission_items" | "trade_asset_daily";
  /** Key column → its expression over the raw rows. */
  keys: Record<string, string>;
  /** Sum column → its expression over the raw rows. */
  sums: Record<string, string>;
  /** The column counting raw rows. */
  count: string;
}

const UTC_MONTH = "date_trunc('month', day at time zone 'UTC') at time zone 'UTC'";
const ITEM_SUMS = { fee: "fee", commission: "commission", taker_amount: "taker_amount", maker_amount: "maker_amount" };
const MONTH_SUMS = { fee: "fee", commission: "commission", volume: "taker_amount + maker_amount" };
const DAY_KEYS = { connection_id: "connection_id", day: "day", coin: "coin", product_type: "product_type", source_type: "source_type" };
const ASSET_SUMS = Object.fromEntries(
  ["deposit_amount", "withdrawal_amount", "spot_trading_amount", "futures_trading_amount", "commission"].map((c) => [c, c]),
);

/** Every rollup, defined independently of the triggers (plain GROUP BY over the raw rows). */
export const ROLLUPS: RollupDef[] = [
  { table: "commission_day", raw: "commission_items", keys: DAY_KEYS, sums: ITEM_SUMS, count: "items" },
  { table: "commission_day_symbol", raw: "commission_items", keys: { ...DAY_KEYS, symbol: "symbol" }, sums: ITEM_SUMS, count: "items" },
  { table: "commission_day_rate", raw: "commission_items", keys: { ...DAY_KEYS, rate: "rate" }, sums: ITEM_SUMS, count: "items" },
  {
    table: "commission_uid_monthly",
    raw: "commission_items",
    keys: { connection_id: "connection_id", month: UTC_MONTH, uid: "uid", coin: "coin", product_type: "product_type", source_type: "source_type" },
    sums: MONTH_SUMS,
    count: "items",
  },
  { table: "commission_uid_coin_monthly", raw: "commission_items", keys: { connection_id: "connection_id", month: UTC_MONTH, uid: "uid", coin: "coin" }, sums: MONTH_SUMS, count: "items" },
  { table: "commission_uid_day", raw: "commission_items", keys: { connection_id: "connection_id", day: "day", uid: "uid", coin: "coin" }, sums: MONTH_SUMS, count: "items" },
  {
    table: "trade_asset_uid_monthly",
    raw: "trade_asset_daily",
    keys: { connection_id: "connection_id", month: "date_trunc('month', day::timestamp)::date", uid: "uid" },
    sums: ASSET_SUMS,
    count: "days",
  },
  { table: "trade_asset_day", raw: "trade_asset_daily", keys: { connection_id: "connection_id", day: "day" }, sums: ASSET_SUMS, count: "invitees" },
];

/** How many keys differ between a rollup and the same sums computed from the raw rows (numeric compared by value). */
export async function mismatch(db: Db, r: RollupDef): Promise<number> {
  const keys = Object.keys(r.keys);
  const select = [...keys.map((k) => `${r.keys[k]} as ${k}`), ...Object.entries(r.sums).map(([c, e]) => `sum(${e}) as ${c}`), `count(*) as ${r.count}`];
  const differs = [r.count, ...Object.keys(r.sums)].map((c) => `raw.${c} is distinct from r.${c}`).join(" or ");
  const rows = await queryRows<{ n: string }>(
    db,
    sql.raw(`with raw as (select ${select.join(", ")} from ${r.raw} group by ${keys.map((_, i) => i + 1).join(", ")})
             select count(*)::text as n from raw full join ${r.table} r using (${keys.join(", ")}) where ${differs}`),
  );
  return Number(rows[0]?.n);
}

export async function counts(db: Db): Promise<{ items: number; daily: number; monthly: number; empty: number }> {
  const rows = await queryRows<{ items: string; daily: string; monthly: string; empty: string }>(
    db,
    sql.raw(`select (select count(*) from commission_items)::text as items,
               (select count(*) from commission_day)::text as daily,
               ((select count(*) from commission_uid_monthly) + (select count(*) from commission_uid_coin_monthly))::text as monthly,
               (${ROLLUPS.map((r) => `(select count(*) from ${r.table} where ${r.count} <= 0)`).join(" + ")})::text as empty`),
  );
  const r = rows[0]!;
  return { items: Number(r.items), daily: Number(r.daily), monthly: Number(r.monthly), empty: Number(r.empty) };
}

/** Cells of retention_cells that differ from the definition over the raw rows: invitees per signup month with items per later month. */
export async function retentionMismatch(db: Db): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    db,
    sql`with expected as (
          select i.connection_id, date_trunc('month', i.register_time at time zone 'UTC') at time zone 'UTC' as cohort_month,
                 date_trunc('month', c.day at time zone 'UTC') at time zone 'UTC' as active_month, count(distinct i.uid) as invitees
          from invited_users i join commission_items c on c.connection_id = i.connection_id and c.uid = i.uid
          where date_trunc('month', c.day at time zone 'UTC') >= date_trunc('month', i.register_time at time zone 'UTC')
          group by 1, 2, 3)
        select count(*)::text as n from expected e full join retention_cells r using (connection_id, cohort_month, active_month)
        where e.invitees is distinct from r.invitees`,
  );
  return Number(rows[0]?.n);
}

export async function expectExact(db: Db): Promise<void> {
  for (const r of ROLLUPS) expect({ rollup: r.table, mismatched: await mismatch(db, r) }).toEqual({ rollup: r.table, mismatched: 0 });
  expect({ rollup: "retention_cells", mismatched: await retentionMismatch(db) }).toEqual({ rollup: "retention_cells", mismatched: 0 });
  expect((await counts(db)).empty).toBe(0);
}
