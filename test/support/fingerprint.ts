/**
 * A warehouse's fingerprint: per table, its row count and an md5 over its rows in key order (the columns the exchange
 * fills, not when we wrote them), so two warehouses are compared table by table — a faulted sync against a clean one.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";

/** Each warehouse table with the columns that must match (never first_seen_at or updated_at). */
const TABLES: Record<string, string[]> = {
  commission_items: ["uid", "day", "coin", "product_type", "symbol", "source_type", "fee", "commission", "rate", "taker_amount", "maker_amount"],
  invited_users: ["uid", "register_time", "kyc_result", "invite_code", "first_deposit", "last_deposit", "first_trade", "last_trade"],
  sub_affiliate_daily: ["sub_affiliate_uid", "product_type", "day", "trading_volume", "net_trading_fee", "paid_commission"],
  trade_asset_daily: ["uid", "day", "deposit_amount", "withdrawal_amount", "spot_trading_amount", "futures_trading_amount", "commission"],
  commission_day: ["day", "coin", "product_type", "source_type", "fee", "commission", "taker_amount", "maker_amount", "items"],
  commission_uid_monthly: ["month", "uid", "coin", "product_type", "source_type", "fee", "commission", "volume", "items"],
  trade_asset_day: ["day", "deposit_amount", "withdrawal_amount", "spot_trading_amount", "futures_trading_amount", "commission", "invitees"],
  retention_cells: ["cohort_month", "active_month", "invitees"],
};

export async function warehouseFingerprint(db: Db, connectionId: string): Promise<Record<string, { rows: number; md5: string | null }>> {
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const [table, columns] of Object.entries(TABLES)) {
    const row = columns.map((c) => `coalesce(${c}::text, '∅')`).join(` || '|' || `);
    const [r] = await queryRows<{ rows: string; md5: string | null }>(
      db,
      sql.raw(`select count(*)::text as rows, md5(string_agg(r, E'\\n' order by r)) as md5 from (select ${row} as r from ${table} where connection_id = '${connectionId.replace(/'/g, "''")}') t`),
    );
    out[table] = { rows: Number(r?.rows ?? 0), md5: r?.md5 ?? null };
  }
  return out;
}
