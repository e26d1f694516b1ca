/**
 * The warehouse sync against the sandbox exchange: the warehouse equals the
 * world's ground truth digit for digit, after crashes, restatements and 429
 * storms, recent data first, on PGlite and on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type DbHandle } from "@/lib/db/client";
import type { RunningSandbox } from "@/lib/sandbox";
import { dataAsOfIn, syncConnection, syncStates, type SyncRunOptions } from "@/lib/sync/engine";
import { DAY_MS, earliestDay, utcDay } from "@/lib/sync/windows";
import { clientFor, startTestSandbox } from "../support/exchange";
import { temporaryPostgres } from "../support/postgres";
import { commissionTotals, expectedCommissionTotals, warehouseVsWorld } from "../support/sync-truth";

const HISTORY_DAYS = 130; // the test world has 120 days
/** A fixed clock at noon UTC today: today has visible items. */
let clock = utcDay(Date.now()) + 12 * 3_600_000;
const now = () => clock;

async function fresh(): Promise<DbHandle> {
  return createDb({ dataDir: "memory" });
}

function run(handle: DbHandle, sandbox: RunningSandbox, extra: Partial<SyncRunOptions> = {}) {
  return syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "c1", now, historyDays: HISTORY_DAYS, ...extra });
}

async function expectEqual(handle: DbHandle, sandbox: RunningSandbox) {
  const { actual, expected } = await warehouseVsWorld(handle.db, "c1", sandbox, clock, HISTORY_DAYS);
  expect(Object.keys(expected.commission).length).toBeGreaterThan(50);
  expect(actual.commission).toEqual(expected.commission);
  expect(expected.invited.length).toBeGreaterThan(100);
  expect(actual.invited).toEqual(expected.invited);
  expect(Object.keys(expected.sub).length).toBeGreaterThan(50);
  expect(actual.sub).toEqual(expected.sub);
  expect(Object.keys(expected.trade).length).toBeGreaterThan(50);
  expect(actual.trade).toEqual(expected.trade);
}

// Whole syncs of the seeded world: seconds alone, but they share two cores with the rest of the suite (the
// multi-instance test builds and runs the app meanwhile), so they get more than the default 30 s.
const LONG_RUN_MS = 120_000;

describe("warehouse sync", () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ budget: 1_000_000, now });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("fills the warehouse with exactly the world's reports; a second run adds and changes nothing", async () => {
    const handle = await fresh();
    try {
      const first = await run(handle, sandbox);
      expect(first.reports.filter((r) => r.error)).toEqual([]);
      expect(first.rowsAdded).toBeGreaterThan(1000);
      await expectEqual(handle, sandbox);
      const states = await syncStates(handle.db, "c1");
      expect(states).toHaveLength(6);
      for (const s of states) {
        expect(s.backfillDone).toBe(true);
        expect(s.coveredTo).toBe(clock);
        expect(s.progress).toBeNull();
        expect(s.lastSuccessAt).not.toBeNull();
      }
      expect((await dataAsOfIn(handle.db, "c1")).asOf).toBe(clock);

      const second = await run(handle, sandbox);
      expect(second.rowsAdded).toBe(0);
      expect(second.rowsChanged).toBe(0);
      // Only the trailing days are read again: one window per report (three day windows for trade-and-asset).
      expect(second.pages).toBeLessThan(first.pages / 10);
    } finally {
      await handle.close();
    }
  }, LONG_RUN_MS);

  it("brings the newest day first: after the first page the newest day is in", async () => {
    const handle = await fresh();
    try {
      const newest = Math.max(...sandbox.world.affiliate.commissionItems(clock).filter((i) => i.productType === "SPOT").map((i) => i.date));
      let seen: number | undefined;
      const controller = new AbortController();
      await run(handle, sandbox, {
        signal: controller.signal,
        onPage: async () => {
          const [row] = await queryRows<{ max: string | null }>(handle.db, sql`select (extract(epoch from max(day)) * 1000)::bigint::text as max from commission_items`);
          seen = Number(row?.max);
          controller.abort(new Error("enough"));
        },
      }).catch(() => {});
      expect(seen).toBe(newest);
      // Progress is visible while a run goes on, and kept (not running) after it was interrupted.
      const [state] = (await syncStates(handle.db, "c1")).filter((r) => r.report === "getAffiliateCommission:SPOT");
      expect(state?.progress).toMatchObject({ running: false, phase: "recent", pagesDone: 1, weightUsed: 20, window: { startTime: utcDay(clock), endTime: clock } });
      expect((state?.progress as { pagesLeft: number }).pagesLeft).toBeGreaterThan(0);
      expect((state?.progress as { etaMs: number }).etaMs).toBeGreaterThan(0);
      expect(state?.rowsAdded).toBeGreaterThan(0);
      expect(state?.coveredTo).toBeNull(); // the recent phase is not complete: no "data as of" yet
    } finally {
      await handle.close();
    }
  });

  it("loses and duplicates nothing when runs are killed at random points, then one clean run", async () => {
    const handle = await fresh();
    try {
      let seed = 12345;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      for (let kill = 0; kill < 6; kill++) {
        const stopAfter = 1 + Math.floor(random() * 40);
        await run(handle, sandbox, {
          onPage: ({ pagesRead }) => {
            if (pagesRead >= stopAfter) throw new Error(`killed after ${pagesRead} pages`);
          },
        }).catch((error: unknown) => expect(String(error)).toContain("killed"));
      }
      // Connections dropped mid-run too: the client and the sync retry the page.
      sandbox.faults.inject("getAffiliateCommission", { kind: "drop-before" }, 3);
      sandbox.faults.inject("getChannelUserTradeAndAsset", { kind: "drop-before" }, 2);
      const clean = await run(handle, sandbox);
      expect(clean.reports.filter((r) => r.error)).toEqual([]);
      await expectEqual(handle, sandbox);
    } finally {
      sandbox.faults.clear();
      await handle.close();
    }
  }, LONG_RUN_MS);

  it("corrects a restated day on the next run and counts the rows as changed", async () => {
    const handle = await fresh();
    const saved = clock;
    try {
      await run(handle, sandbox);
      clock += 3_600_000;
      const yesterday = utcDay(clock) - DAY_MS;
      const restated = sandbox.world.affiliate.restateDay(yesterday, clock);
      expect(restated).toBeGreaterThan(0);
      const next = await run(handle, sandbox);
      expect(next.rowsChanged).toBeGreaterThanOrEqual(restated);
      const commission = next.reports.find((r) => r.report === "getAffiliateCommission:SPOT");
      expect(commission?.rowsChanged ?? 0).toBeGreaterThan(0);
      await expectEqual(handle, sandbox);
    } finally {
      clock = saved;
      await handle.close();
    }
  });

  it("slows down under a 429 storm but finishes with the same warehouse", async () => {
    const handle = await fresh();
    try {
      sandbox.faults.inject("getAffiliateCommission", { kind: "status", status: 429 }, 5);
      const started = Date.now();
      const result = await run(handle, sandbox, { reports: ["getAffiliateCommission:SPOT"] });
      expect(result.reports[0]?.error).toBeUndefined();
      expect(Date.now() - started).toBeGreaterThan(1_000); // the client honoured the pauses
      expect(await commissionTotals(handle.db, "c1", "SPOT")).toEqual(
        expectedCommissionTotals(sandbox, clock, earliestDay(clock, HISTORY_DAYS), "SPOT"),
      );
    } finally {
      sandbox.faults.clear();
      await handle.close();
    }
  });

  it("lets one run per connection hold the lease", async () => {
    const handle = await fresh();
    try {
      const [a, b] = await Promise.all([run(handle, sandbox, { reports: ["getAffiliateUIDs"] }), run(handle, sandbox, { reports: ["getAffiliateUIDs"] })]);
      expect([a.ran, b.ran].sort()).toEqual([false, true]);
    } finally {
      await handle.close();
    }
  });
});

describe("warehouse sync on PostgreSQL", () => {
  it("stores the commission report exactly", async () => {
    const sandbox = await startTestSandbox({ budget: 1_000_000, now });
    const pg = await temporaryPostgres();
    const handle = await createDb({ url: pg.url });
    try {
      const result = await syncConnection({ db: handle.db, client: clientFor(sandbox), connectionId: "pg", now, historyDays: HISTORY_DAYS, reports: ["getAffiliateCommission:FUTURES", "getAffiliateCommission:SPOT"] });
      expect(result.rowsAdded).toBeGreaterThan(100);
      expect(await commissionTotals(handle.db, "pg")).toEqual(expectedCommissionTotals(sandbox, clock, earliestDay(clock, HISTORY_DAYS)));
      // Two at once (as two app instances would): one holds the lease, the other does nothing. The holder's requests
      // wait at a gate until the other has answered (it sends none), so the two overlap however fast the machine is:
      // ungated, a quick holder could finish and free the lease before the other asked, and both ran.
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const gated = clientFor(sandbox, "affiliate", { fetch: async (input, init) => gate.then(() => fetch(input, init)) });
      const runs = ["a", "b"].map((owner) =>
        syncConnection({ db: handle.db, client: gated, connectionId: "pg", now, historyDays: HISTORY_DAYS, reports: ["getAffiliateCommission:SPOT"], owner }),
      );
      // Were both to take the lease (the bug this looks for), both would wait here: open the gate after 10 s anyway.
      await Promise.race([Promise.race(runs), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      open();
      const [again, other] = await Promise.all(runs);
      expect([again?.ran, other?.ran].sort()).toEqual([false, true]);
      const ran = again?.ran ? again : other;
      expect([ran?.rowsAdded, ran?.rowsChanged]).toEqual([0, 0]);
    } finally {
      await handle.close();
      await pg.drop();
      await sandbox.close();
    }
  });
});
