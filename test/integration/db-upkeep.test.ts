/**
 * The embedded database's upkeep (lib/db/upkeep.ts): PGlite has no autovacuum,
 * so after sync writes the app analyzes and vacuums the warehouse itself —
 * when enough rows were written, or any once the last upkeep is old — and
 * leaves PostgreSQL to its autovacuum.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type Db, type DbHandle } from "@/lib/db/client";
import { WAREHOUSE_TABLES, WarehouseUpkeep } from "@/lib/db/upkeep";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { loadCommissions } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

/** The planner's row estimate of a table (-1 before its first ANALYZE). */
async function estimatedRows(db: Db, table: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select reltuples::float8 as n from pg_class where relname = ${table}`);
  return Number(rows[0]?.n);
}

/** Dead row versions and vacuums of a table, from statistics flushed just now (they are otherwise flushed lazily). */
async function tableStats(db: Db, table: string): Promise<{ dead: number; vacuums: number }> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const rows = await queryRows<{ dead: string; vacuums: string }>(
    db,
    sql`select n_dead_tup::text as dead, vacuum_count::text as vacuums from pg_stat_user_tables where relname = ${table}`,
  );
  return { dead: Number(rows[0]?.dead), vacuums: Number(rows[0]?.vacuums) };
}

describe("warehouse upkeep on PGlite", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
    await loadCommissions(handle.db, "c1", createAffiliateWorld({ seed: 5, invitees: 120, days: 60, subAffiliates: 1, restate: false }, NOW), NOW);
  });
  afterAll(() => handle.close());

  it("names only tables that exist", async () => {
    const rows = await queryRows<{ relname: string }>(handle.db, sql`select relname from pg_stat_user_tables`);
    const existing = new Set(rows.map((r) => r.relname));
    expect(WAREHOUSE_TABLES.filter((t) => !existing.has(t))).toEqual([]);
  });

  it("runs when due: the planner learns the rollups' sizes and dead rows are reclaimed", async () => {
    const db = handle.db;
    expect(await estimatedRows(db, "commission_day")).toBeLessThanOrEqual(0);
    // Restate every item once: each rollup row is rewritten, leaving a dead version behind.
    await db.execute(sql`update commission_items set fee = fee + 0.00000001 where connection_id = 'c1'`);
    const before = await tableStats(db, "commission_day");
    expect(before.dead).toBeGreaterThan(0);
    let clock = NOW;
    const upkeep = new WarehouseUpkeep(handle, { rows: 1_000, maxAgeMs: 3_600_000 }, () => clock);
    expect(await upkeep.afterWrites(0)).toBe(false); // nothing written, nothing to do
    expect(await upkeep.afterWrites(10)).toBe(true); // the first writes after start: due (never ran)
    const actual = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from commission_day`);
    expect(await estimatedRows(db, "commission_day")).toBe(Number(actual[0]?.n));
    expect(await tableStats(db, "commission_day")).toEqual({ dead: 0, vacuums: before.vacuums + 1 });
    clock += 60_000;
    expect(await upkeep.afterWrites(500)).toBe(false); // few rows, recent upkeep
    expect(await upkeep.afterWrites(600)).toBe(true); // 1 100 rows since the last one
    clock += 60_000;
    expect(await upkeep.afterWrites(1)).toBe(false);
    clock += 3_600_000;
    expect(await upkeep.afterWrites(1)).toBe(true); // an hour later, any write
  });

  it("leaves PostgreSQL to autovacuum", async () => {
    const upkeep = new WarehouseUpkeep({ db: handle.db, driver: "postgres" });
    expect(await upkeep.afterWrites(1_000_000)).toBe(false);
  });
});
