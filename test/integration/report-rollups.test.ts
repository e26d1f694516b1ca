/**
 * The commission rollups (commission_daily, commission_uid_monthly,
 * commission_uid_coin_monthly) equal sums
 * over the raw commission_items after every kind of write — inserts, upserts
 * that change amounts and keys' non-key columns, updates of key columns,
 * deletes, truncate — on PGlite and on PostgreSQL, because triggers keep them
 * in the writer's transaction. A rolled-back write leaves them untouched too.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type Db, type DbHandle } from "@/lib/db/client";
import { commissionItems } from "@/lib/db/schema";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { syncConnection } from "@/lib/sync/engine";
import { DAY_MS, utcDay } from "@/lib/sync/windows";
import { clientFor, startTestSandbox } from "../support/exchange";
import { temporaryPostgres } from "../support/postgres";
import { loadCommissions } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

/** How many keys differ between a rollup and the same sums computed from the raw items (numeric compared by value). */
async function dailyMismatch(db: Db): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    db,
    sql`with raw as (
          select connection_id, day, coin, product_type, source_type, symbol, rate, sum(fee) as fee, sum(commission) as commission,
                 sum(taker_amount) as taker_amount, sum(maker_amount) as maker_amount, count(*) as items
          from commission_items group by 1, 2, 3, 4, 5, 6, 7)
        select count(*)::text as n
        from raw full join commission_daily r using (connection_id, day, coin, product_type, source_type, symbol, rate)
        where raw.items is distinct from r.items or raw.fee is distinct from r.fee or raw.commission is distinct from r.commission
           or raw.taker_amount is distinct from r.taker_amount or raw.maker_amount is distinct from r.maker_amount`,
  );
  return Number(rows[0]?.n);
}

async function uidMonthlyMismatch(db: Db): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    db,
    sql`with raw as (
          select connection_id, date_trunc('month', day at time zone 'UTC') at time zone 'UTC' as month, uid, coin, product_type, source_type,
                 sum(fee) as fee, sum(commission) as commission, sum(taker_amount + maker_amount) as volume, count(*) as items
          from commission_items group by 1, 2, 3, 4, 5, 6)
        select count(*)::text as n
        from raw full join commission_uid_monthly r using (connection_id, month, uid, coin, product_type, source_type)
        where raw.items is distinct from r.items or raw.fee is distinct from r.fee or raw.commission is distinct from r.commission
           or raw.volume is distinct from r.volume`,
  );
  return Number(rows[0]?.n);
}

async function uidCoinMonthlyMismatch(db: Db): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    db,
    sql`with raw as (
          select connection_id, date_trunc('month', day at time zone 'UTC') at time zone 'UTC' as month, uid, coin,
                 sum(fee) as fee, sum(commission) as commission, sum(taker_amount + maker_amount) as volume, count(*) as items
          from commission_items group by 1, 2, 3, 4)
        select count(*)::text as n
        from raw full join commission_uid_coin_monthly r using (connection_id, month, uid, coin)
        where raw.items is distinct from r.items or raw.fee is distinct from r.fee or raw.commission is distinct from r.commission
           or raw.volume is distinct from r.volume`,
  );
  return Number(rows[0]?.n);
}

async function counts(db: Db): Promise<{ items: number; daily: number; monthly: number; empty: number }> {
  const rows = await queryRows<{ items: string; daily: string; monthly: string; empty: string }>(
    db,
    sql`select (select count(*) from commission_items)::text as items, (select count(*) from commission_daily)::text as daily,
               ((select count(*) from commission_uid_monthly) + (select count(*) from commission_uid_coin_monthly))::text as monthly,
               ((select count(*) from commission_daily where items <= 0) + (select count(*) from commission_uid_monthly where items <= 0)
                + (select count(*) from commission_uid_coin_monthly where items <= 0))::text as empty`,
  );
  const r = rows[0]!;
  return { items: Number(r.items), daily: Number(r.daily), monthly: Number(r.monthly), empty: Number(r.empty) };
}

async function expectExact(db: Db): Promise<void> {
  expect(await dailyMismatch(db)).toBe(0);
  expect(await uidMonthlyMismatch(db)).toBe(0);
  expect(await uidCoinMonthlyMismatch(db)).toBe(0);
  expect((await counts(db)).empty).toBe(0);
}

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
      const loaded = await loadCommissions(handle.db, "c1", world, NOW);
      await loadCommissions(handle.db, "c2", createAffiliateWorld({ seed: 22, invitees: 40, days: 40, subAffiliates: 1, restate: false }, NOW), NOW);
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
      const dailyDays = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from commission_daily where symbol like 'NEW%USDT'`);
      expect(dailyDays[0]?.n).toBe("0");
      await db.execute(sql`delete from commission_items where connection_id = 'c2'`);
      const left = await queryRows<{ n: string }>(db, sql`select ((select count(*) from commission_daily where connection_id = 'c2') + (select count(*) from commission_uid_monthly where connection_id = 'c2')
                 + (select count(*) from commission_uid_coin_monthly where connection_id = 'c2'))::text as n`);
      expect(left[0]?.n).toBe("0");
      await expectExact(db);
    });

    it("a rolled-back write leaves them untouched; truncate empties them", async () => {
      const db = handle.db;
      const before = await counts(db);
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`delete from commission_items where connection_id = 'c1'`);
          throw new Error("rollback");
        }),
      ).rejects.toThrow("rollback");
      expect(await counts(db)).toEqual(before);
      await expectExact(db);
      await db.execute(sql`truncate commission_items`);
      expect(await counts(db)).toEqual({ items: 0, daily: 0, monthly: 0, empty: 0 });
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
