/**
 * The rollups (commission_day, commission_day_symbol, commission_day_rate,
 * commission_uid_monthly, commission_uid_coin_monthly, commission_uid_day of commission_items;
 * trade_asset_uid_monthly, trade_asset_day of trade_asset_daily) equal sums
 * over the raw rows after every kind of write — inserts, upserts
 * that change amounts and keys' non-key columns, updates of key columns,
 * deletes, truncate — on PGlite and on PostgreSQL, because triggers keep them
 * in the writer's transaction. A rolled-back write leaves them untouched too.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, MIGRATIONS_FOLDER, queryRows, type Db, type DbHandle } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { WAREHOUSE_TABLES } from "@/lib/db/upkeep";
import { commissionItems, invitedUsers, tradeAssetDaily } from "@/lib/db/schema";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { syncConnection } from "@/lib/sync/engine";
import { DAY_MS, utcDay } from "@/lib/sync/windows";
import { clientFor, startTestSandbox } from "../support/exchange";
import { temporaryPostgres } from "../support/postgres";
import { ROLLUPS, counts, expectExact } from "../support/rollup-checks";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

describe("the rollups and the upkeep", () => {
  it("upkeep vacuums and analyzes every rollup and the tables they sum (lib/db/upkeep.ts WAREHOUSE_TABLES)", () => {
    const tables = [...ROLLUPS.flatMap((r) => [r.table, r.raw]), "retention_cells", "invited_users"];
    expect(tables.filter((t) => !(WAREHOUSE_TABLES as readonly string[]).includes(t))).toEqual([]);
  });
});

function suite(name: string, open: () => Promise<{ handle: DbHandle; cleanup?: () => Promise<void> }>) {
  describe(`commission rollups on ${name}`, () => {
    let handle: DbHandle;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, cleanup } = await open());
    });
    afterAll(async () => {
      await handle.close();
      await cleanup?.();
    });

    it("equal the raw sums after inserts of two connections", async () => {
      const world = createAffiliateWorld({ seed: 21, invitees: 150, days: 70, subAffiliates: 2, restate: false }, NOW);
      // c1's invitees before their items, c2's after: the retention cells come out the same either way.
      await loadInvitees(handle.db, "c1", world, NOW);
      const loaded = await loadCommissions(handle.db, "c1", world, NOW);
      const other = createAffiliateWorld({ seed: 22, invitees: 40, days: 40, subAffiliates: 1, restate: false }, NOW);
      await loadCommissions(handle.db, "c2", other, NOW);
      await loadInvitees(handle.db, "c2", other, NOW);
      const cells = await queryRows<{ n: string }>(handle.db, sql`select count(distinct connection_id)::text as n from retention_cells`);
      expect(cells[0]?.n).toBe("2");
      expect(await loadTradeAssetDays(handle.db, "c1", world, NOW, 70)).toBeGreaterThan(200);
      await loadTradeAssetDays(handle.db, "c2", other, NOW, 40);
      const c = await counts(handle.db);
      expect(loaded).toBeGreaterThan(500);
      expect(c.daily).toBeGreaterThan(0);
      expect(c.daily).toBeLessThan(c.items);
      await expectExact(handle.db);
    });

    it("stay exact through upserts that change amounts, source and rate (ON CONFLICT DO UPDATE)", async () => {
      const db = handle.db;
      const some = await db.select().from(commissionItems).where(sql`connection_id = 'c1'`).orderBy(sql`day desc, uid, coin, product_type, symbol`).limit(300);
      const rows = some.map((r, i) => ({
        ...r,
        // Late fees as the exchange restates them: more digits, another rate, sometimes another source.
        fee: i % 2 === 0 ? `${r.fee}${r.fee.includes(".") ? "" : "."}0001` : r.fee,
        commission: i % 3 === 0 ? "0.123456789" : r.commission,
        rate: i % 5 === 0 ? "0.4" : r.rate,
        sourceType: i % 7 === 0 ? 3 - r.sourceType : r.sourceType,
        takerAmount: "12.5",
      }));
      // Half new (a new symbol), half conflicting with stored items.
      const fresh = rows.slice(0, 100).map((r, i) => ({ ...r, symbol: `NEW${i}USDT` }));
      await db
        .insert(commissionItems)
        .values([...rows, ...fresh])
        .onConflictDoUpdate({
          target: [commissionItems.connectionId, commissionItems.uid, commissionItems.day, commissionItems.coin, commissionItems.productType, commissionItems.symbol],
          set: { fee: sql`excluded.fee`, commission: sql`excluded.commission`, rate: sql`excluded.rate`, sourceType: sql`excluded.source_type`, takerAmount: sql`excluded.taker_amount` },
        });
      await expectExact(db);
      // A re-read of unchanged items writes nothing to the rollups and leaves them exact.
      await db.insert(commissionItems).values(fresh).onConflictDoUpdate({
        target: [commissionItems.connectionId, commissionItems.uid, commissionItems.day, commissionItems.coin, commissionItems.productType, commissionItems.symbol],
        set: { fee: sql`excluded.fee` },
      });
      await expectExact(db);
      // Trade-and-asset days restated the way the sync writes them (upsert on connection, uid, day), new days among them.
      const days = await db.select().from(tradeAssetDaily).where(sql`connection_id = 'c1'`).orderBy(sql`day desc, uid`).limit(200);
      const restated = days.map((r, i) => ({ ...r, depositAmount: i % 2 ? "1000.123456789" : r.depositAmount, commission: i % 3 ? r.commission : "0.00000001" }));
      const newDays = [...new Map(days.map((r) => [r.uid, { ...r, day: "2020-02-29" }])).values()].slice(0, 50);
      const upsertDays = (rows: typeof days) =>
        db
          .insert(tradeAssetDaily)
          .values(rows)
          .onConflictDoUpdate({
            target: [tradeAssetDaily.connectionId, tradeAssetDaily.uid, tradeAssetDaily.day],
            set: { depositAmount: sql`excluded.deposit_amount`, commission: sql`excluded.commission`, updatedAt: sql`now()` },
          });
      await upsertDays([...restated, ...newDays]);
      await expectExact(db);
      await upsertDays(newDays); // a re-read of unchanged days
      await expectExact(db);
      // Invitees re-read as the sync does (upsert on connection, uid): some unchanged, some with another signup month.
      const invitees = await db.select().from(invitedUsers).where(sql`connection_id = 'c1'`).orderBy(sql`uid`).limit(80);
      const moved = invitees.map((u, i) => ({ ...u, registerTime: i % 4 === 0 ? new Date(u.registerTime.getTime() - 40 * 86_400_000) : u.registerTime }));
      await db
        .insert(invitedUsers)
        .values(moved)
        .onConflictDoUpdate({ target: [invitedUsers.connectionId, invitedUsers.uid], set: { registerTime: sql`excluded.register_time`, updatedAt: sql`now()` } });
      await expectExact(db);
    });

    it("stay exact through updates of key columns and deletes; emptied rollup rows disappear", async () => {
      const db = handle.db;
      // Moves a month of one invitee to another day and coin: both the old and the new rollup keys change.
      await db.execute(sql`update commission_items set day = day - interval '31 days', coin = 'BTC'
                            where connection_id = 'c1' and uid = (select min(uid) from commission_items where connection_id = 'c1')`);
      await expectExact(db);
      await db.execute(sql`delete from commission_items where connection_id = 'c1' and symbol like 'NEW%USDT'`);
      await db.execute(sql`delete from commission_items where connection_id = 'c1' and day < (select max(day) - interval '20 days' from commission_items)`);
      await expectExact(db);
      const dailyDays = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from commission_day_symbol where symbol like 'NEW%USDT'`);
      expect(dailyDays[0]?.n).toBe("0");
      await db.execute(sql`delete from commission_items where connection_id = 'c2'`);
      const left = await queryRows<{ n: string }>(db, sql.raw(`select (${ROLLUPS.filter((r) => r.raw === "commission_items").map((r) => `(select count(*) from ${r.table} where connection_id = 'c2')`).join(" + ")})::text as n`));
      expect(left[0]?.n).toBe("0");
      await expectExact(db);
      // Trade-and-asset days: one invitee's days moved out of the world's range and renamed, then deletes.
      await db.execute(sql`update trade_asset_daily set day = day - 1000, uid = uid || '9'
                            where connection_id = 'c1' and uid = (select min(uid) from trade_asset_daily where connection_id = 'c1')`);
      await expectExact(db);
      await db.execute(sql`delete from trade_asset_daily where connection_id = 'c1' and day < (select max(day) - 20 from trade_asset_daily)`);
      await db.execute(sql`delete from trade_asset_daily where connection_id = 'c2'`);
      const assetsLeft = await queryRows<{ n: string }>(
        db,
        sql`select ((select count(*) from trade_asset_day where connection_id = 'c2') + (select count(*) from trade_asset_uid_monthly where connection_id = 'c2'))::text as n`,
      );
      expect(assetsLeft[0]?.n).toBe("0");
      await expectExact(db);
      // Invitees: one renamed (its items stay with the old uid), some deleted.
      await db.execute(sql`update invited_users set uid = uid || '7' where connection_id = 'c1' and uid = (select max(uid) from invited_users where connection_id = 'c1')`);
      await db.execute(sql`delete from invited_users where connection_id = 'c1' and uid in (select uid from invited_users where connection_id = 'c1' order by uid limit 30)`);
      await expectExact(db);
    });

    it("a rolled-back write leaves them untouched; truncate empties them", async () => {
      const db = handle.db;
      const before = await counts(db);
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`delete from commission_items where connection_id = 'c1'`);
          await tx.execute(sql`delete from trade_asset_daily where connection_id = 'c1'`);
          await tx.execute(sql`delete from invited_users where connection_id = 'c1'`);
          throw new Error("rollback");
        }),
      ).rejects.toThrow("rollback");
      expect(await counts(db)).toEqual(before);
      await expectExact(db);
      await db.execute(sql`truncate commission_items`);
      expect(await counts(db)).toEqual({ items: 0, daily: 0, monthly: 0, empty: 0 });
      const left = await queryRows<{ n: string }>(db, sql.raw(`select (${ROLLUPS.filter((r) => r.raw === "commission_items").map((r) => `(select count(*) from ${r.table})`).join(" + ")} + (select count(*) from retention_cells))::text as n`));
      expect(left[0]?.n).toBe("0");
      await db.execute(sql`truncate trade_asset_daily`);
      const assets = await queryRows<{ n: string }>(db, sql`select ((select count(*) from trade_asset_day) + (select count(*) from trade_asset_uid_monthly))::text as n`);
      expect(assets[0]?.n).toBe("0");
    });
  });
}

suite("PGlite", async () => ({ handle: await createDb({ dataDir: "memory" }) }));
suite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  return { handle: await createDb({ url: pg.url }), cleanup: pg.drop };
});

describe("commission rollups under the app's own writer", () => {
  it("stay exact through a sync and a restated day re-read by the next sync (upserts in the sync's transactions)", async () => {
    let clock = utcDay(Date.now()) + 12 * 3_600_000;
    const sandbox = await startTestSandbox({ budget: 1_000_000, now: () => clock });
    const handle = await createDb({ dataDir: "memory" });
    try {
      const sync = () => syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now: () => clock, historyDays: 130 });
      await sync();
      await expectExact(handle.db);
      clock += 3_600_000;
      expect(sandbox.world.affiliate.restateDay(utcDay(clock) - DAY_MS, clock)).toBeGreaterThan(0);
      const next = await sync();
      expect(next.rowsChanged).toBeGreaterThan(0);
      await expectExact(handle.db);
      expect((await counts(handle.db)).items).toBeGreaterThan(1000);
    } finally {
      await handle.close();
      await sandbox.close();
    }
  });
});

describe("rollups added to a warehouse that already holds rows", () => {
  it("are backfilled exactly by their migrations (an upgrade from 0005_rollup_triggers)", async () => {
    // The migrations up to 0005 only: the schema an installation had before 0006 and 0007.
    const folder = mkdtempSync(path.join(tmpdir(), "rd-migrations-"));
    const client = new PGlite();
    try {
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number }> };
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 5) }));
      const db: Db = drizzle({ client, schema });
      await migrate(drizzle({ client, schema }), { migrationsFolder: folder });
      const before = await queryRows<{ day: string | null; daily: string | null }>(
        db,
        sql`select to_regclass('commission_day')::text as day, to_regclass('commission_daily')::text as daily`,
      );
      expect(before[0]).toEqual({ day: null, daily: "commission_daily" });
      const world = createAffiliateWorld({ seed: 23, invitees: 120, days: 80, subAffiliates: 2, restate: false }, NOW);
      await loadInvitees(db, "c1", world, NOW);
      await loadCommissions(db, "c1", world, NOW);
      await loadTradeAssetDays(db, "c1", world, NOW, 80);
      // Then the current migrations, as the app applies them at its next start.
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      const c = await counts(db);
      expect(c.daily).toBeGreaterThan(0);
      const cells = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from retention_cells`);
      expect(Number(cells[0]?.n)).toBeGreaterThan(0);
      await expectExact(db);
      // And the triggers keep them exact from there.
      await db.execute(sql`delete from commission_items where connection_id = 'c1' and day < (select max(day) - interval '30 days' from commission_items)`);
      await db.execute(sql`delete from trade_asset_daily where connection_id = 'c1' and day < (select max(day) - 30 from trade_asset_daily)`);
      await expectExact(db);
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
