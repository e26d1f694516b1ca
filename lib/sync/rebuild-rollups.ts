/**
 * Rebuilding a connection's rollups from its raw rows (`npm run sync -- --verify`): the repair for a warehouse whose
 * day sums went wrong some other way than through the sync (a NaN stored before amounts were checked, a hand edit).
 *
 * The rollups keep one definition — the triggers of migrations 0005–0007 — so the rebuild goes through them: in one
 * transaction the raw rows are set aside, deleted (the triggers take them out of the sums), every rollup row of the
 * connection that is left is deleted (a NaN never subtracts out), and the raw rows go back in (the triggers add them to
 * empty sums). Each rollup table's rows are fingerprinted before and after, so the command reports what it changed.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { notFiniteAmount } from "../db/columns";

/** Every table the triggers keep from commission_items and trade_asset_daily (lib/db/schema-rollups.ts). */
export const ROLLUP_TABLES = [
  "commission_day",
  "commission_day_symbol",
  "commission_day_rate",
  "commission_uid_day",
  "commission_uid_monthly",
  "commission_uid_coin_monthly",
  "trade_asset_uid_monthly",
  "trade_asset_day",
  "retention_cells",
] as const;
const RAW_TABLES = ["commission_items", "trade_asset_daily"] as const;

export interface RollupChange {
  table: (typeof ROLLUP_TABLES)[number];
  rowsBefore: number;
  rowsAfter: number;
  /** Whether any row's key or sums differ (an md5 over the rows in order). */
  changed: boolean;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function fingerprint(tx: Tx, table: string, connectionId: string): Promise<{ rows: number; md5: string | null }> {
  const [row] = await queryRows<{ rows: string; md5: string | null }>(
    tx,
    sql`select count(*)::text as rows, md5(string_agg(t::text, '|' order by t::text)) as md5 from ${sql.identifier(table)} t where connection_id = ${connectionId}`,
  );
  return { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? null };
}

export interface RebuildResult {
  tables: RollupChange[];
  /** Raw rows holding NaN or ±Infinity (stored before amounts were checked) that were dropped, not put back. */
  droppedRows: number;
}

export async function rebuildRollups(db: Db, connectionId: string): Promise<RebuildResult> {
  return db.transaction(async (tx) => {
    const before = new Map<string, { rows: number; md5: string | null }>();
    for (const table of ROLLUP_TABLES) before.set(table, await fingerprint(tx, table, connectionId));
    for (const raw of RAW_TABLES) {
      const keep = sql.identifier(`rebuild_${raw}`);
      await tx.execute(sql`create temporary table ${keep} on commit drop as select * from ${sql.identifier(raw)} where connection_id = ${connectionId}`);
      await tx.execute(sql`delete from ${sql.identifier(raw)} where connection_id = ${connectionId}`);
    }
    for (const table of ROLLUP_TABLES) await tx.execute(sql`delete from ${sql.identifier(table)} where connection_id = ${connectionId}`);
    // A row holding NaN is no amount: it cannot go back (the checks refuse it) and a later read replaces it.
    let droppedRows = 0;
    for (const raw of RAW_TABLES) {
      const [gone] = await queryRows<{ n: string }>(
        tx,
        sql`with d as (delete from ${sql.identifier(`rebuild_${raw}`)} where ${sql.raw(notFiniteAmount(raw))} returning 1) select count(*)::text as n from d`,
      );
      droppedRows += Number(gone?.n ?? 0);
      await tx.execute(sql`insert into ${sql.identifier(raw)} select * from ${sql.identifier(`rebuild_${raw}`)}`);
    }
    const out: RollupChange[] = [];
    for (const table of ROLLUP_TABLES) {
      const was = before.get(table)!;
      const now = await fingerprint(tx, table, connectionId);
      out.push({ table, rowsBefore: was.rows, rowsAfter: now.rows, changed: was.md5 !== now.md5 });
    }
    return { tables: out, droppedRows };
  });
}
