/**
 * The sync under a hostile exchange: the sandbox behind a proxy of our own (loopback) that changes its answers — NaN
 * and Infinity amounts, rows dated outside the window asked for, a `pages` or `total` that lies once or always. Each
 * fault ends with a warehouse equal to a clean sync's table by table (a clean run after it), or with the affected days
 * recorded incomplete and said so in words; no value read can put a NaN in a sum. One call's answers: hostile-answers.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type DbHandle } from "@/lib/db/client";
import { notFiniteAmount } from "@/lib/db/columns";
import { parseReportFilters } from "@/lib/reports/filters";
import { answerReport } from "@/lib/reports/run";
import { syncConnection, syncStates } from "@/lib/sync/engine";
import { syncErrorWords } from "@/lib/sync/error-words";
import { rebuildRollups } from "@/lib/sync/rebuild-rollups";
import { REPORT_KEYS } from "@/lib/sync/reports";
import { utcDay } from "@/lib/sync/windows";
import { clientFor } from "../support/exchange";
import { warehouseFingerprint } from "../support/fingerprint";
import { hostileExchangeSuite, listOf, PATHS, type Answer } from "../support/hostile-exchange";
import { expectExact } from "../support/rollup-checks";
import { warehouseVsWorld } from "../support/sync-truth";
import type { Rewrite } from "../support/weight-log-proxy";

const HISTORY_DAYS = 130; // the test world has 120 days
const clock = utcDay(Date.now()) + 12 * 3_600_000;
const now = () => clock;
const LONG_RUN_MS = 120_000;
const ex = hostileExchangeSuite(now);

/** The warehouse a clean sync of the same world makes: every faulted sync must end equal to it, table by table. */
let clean: Awaited<ReturnType<typeof warehouseFingerprint>>;
/** The weight a clean sync of the world spends: a fault may cost a re-read, never an unbounded retry. */
let cleanWeight = 0;

beforeAll(async () => {
  const reference = await createDb({ dataDir: "memory" });
  try {
    cleanWeight = (await syncConnection({ db: reference.db, client: clientFor(ex.sandbox), connectionId: "c1", now, historyDays: HISTORY_DAYS })).weight;
    clean = await warehouseFingerprint(reference.db, "c1");
  } finally {
    await reference.close();
  }
}, LONG_RUN_MS);

const run = (handle: DbHandle) => syncConnection({ db: handle.db, client: ex.client(), connectionId: "c1", now, historyDays: HISTORY_DAYS });

/** A fault that changes the first answer of `path` holding rows (once), with `change` on that list. */
function once(path: string, field: string, change: (rows: Answer[]) => void): Rewrite {
  let done = false;
  return (request, answer) => {
    if (done || request.path !== path || listOf(answer, field).length < 3) return undefined;
    done = true;
    change(listOf(answer, field));
    return answer;
  };
}

/** The warehouse equals the world's own rows, and a clean sync's warehouse table by table (row counts and checksums). */
async function expectWorld(db: DbHandle["db"]) {
  const { actual, expected } = await warehouseVsWorld(db, "c1", ex.sandbox, clock, HISTORY_DAYS);
  expect(actual).toEqual(expected);
  expect(clean.commission_items?.rows).toBeGreaterThan(1000);
  expect(await warehouseFingerprint(db, "c1")).toEqual(clean);
  await expectExact(db);
}

/** Money cells holding NaN or ±Infinity in the warehouse's raw tables and rollups. */
async function notNumbers(handle: DbHandle): Promise<number> {
  const bad = "in ('NaN', 'Infinity', '-Infinity')";
  const [row] = await queryRows<{ n: string }>(
    handle.db,
    sql.raw(`select ((select count(*) from commission_items where commission ${bad} or fee ${bad})
      + (select count(*) from trade_asset_daily where deposit_amount ${bad})
      + (select count(*) from commission_day where commission ${bad} or fee ${bad})
      + (select count(*) from trade_asset_day where deposit_amount ${bad}))::text as n`),
  );
  return Number(row?.n);
}

describe("the sync under a hostile exchange", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
  });
  afterAll(() => handle.close());

  it("a NaN commission and an Infinity deposit refuse their pages, in words; nothing of them is stored; the next run fills the warehouse exactly", async () => {
    const nan = once(PATHS.commission, "channelCommissionInfoItems", (rows) => void (rows[1]!.commission = "NaN"));
    const infinity = once(PATHS.trade, "records", (rows) => void (rows[2]!.depositAmount = "Infinity"));
    ex.fault = (request, answer) => nan(request, answer) ?? infinity(request, answer);
    const first = await run(handle);
    ex.fault = null;
    const errors = Object.fromEntries(first.reports.filter((r) => r.error).map((r) => [r.report, r.error]));
    expect(errors["getAffiliateCommission:SPOT"]).toMatch(/^the exchange's answer was not stored: unexpected response shape at channelCommissionInfoItems\.1\.commission: not a decimal/);
    expect(errors.getChannelUserTradeAndAsset).toMatch(/records\.2\.depositAmount: not a decimal/);
    expect(await notNumbers(handle)).toBe(0);
    // What every signed-in user reads: the same sentence on the report's state row.
    const states = await syncStates(handle.db, "c1");
    expect(states.find((s) => s.report === "getAffiliateCommission:SPOT")?.lastError).toBe(errors["getAffiliateCommission:SPOT"]);

    const second = await run(handle);
    expect(second.reports.filter((r) => r.error)).toEqual([]);
    await expectWorld(handle.db);
    // The error clears when the report next succeeds.
    expect((await syncStates(handle.db, "c1")).filter((s) => s.lastError !== null)).toEqual([]);
  }, LONG_RUN_MS);

  it("--verify reads every report again without moving a checkpoint, corrects what differs, and rebuilds poisoned rollups from the raw rows", async () => {
    // A warehouse hurt another way than through the sync: a raw amount edited, a day sum holding a NaN.
    await handle.db.execute(sql`update commission_items set commission = commission + 1 where ctid = (select ctid from commission_items order by uid, day limit 1)`);
    await handle.db.execute(sql`update commission_day set commission = 'NaN' where ctid = (select ctid from commission_day order by day desc limit 1)`);
    expect(await notNumbers(handle)).toBe(1);
    const checkpoints = (await syncStates(handle.db, "c1")).map((s) => [s.report, s.coveredFrom, s.coveredTo, s.backfillDone]);
    const verified = await syncConnection({ db: handle.db, client: ex.client(), connectionId: "c1", now, historyDays: HISTORY_DAYS, verifyFrom: 0, reports: REPORT_KEYS });
    expect(verified.reports.filter((r) => r.error)).toEqual([]);
    expect(verified.rowsChanged).toBe(1);
    expect(verified.rowsAdded).toBe(0);
    expect((await syncStates(handle.db, "c1")).map((s) => [s.report, s.coveredFrom, s.coveredTo, s.backfillDone])).toEqual(checkpoints);
    // The raw rows are the world's again; the NaN the triggers cannot subtract is still in its day sum until the rebuild.
    expect(await notNumbers(handle)).toBe(1);
    const rebuilt = await rebuildRollups(handle.db, "c1");
    expect(rebuilt.tables.filter((c) => c.changed).map((c) => c.table)).toEqual(["commission_day"]);
    expect(rebuilt.tables.every((c) => c.rowsBefore === c.rowsAfter)).toBe(true);
    expect(rebuilt.droppedRows).toBe(0);
    expect(await notNumbers(handle)).toBe(0);
    await expectWorld(handle.db);
  }, LONG_RUN_MS);

  it("a warehouse poisoned before amounts were checked migrates, and --verify's rebuild drops the NaN row and heals every sum", async () => {
    // As a warehouse written before migration 0019: a NaN stored, its day sums poisoned by the triggers.
    await handle.db.execute(sql`alter table commission_items drop constraint commission_items_amounts_finite`);
    await handle.db.execute(sql`insert into commission_items (connection_id, uid, day, coin, product_type, symbol, source_type, fee, commission, rate, taker_amount, maker_amount)
      values ('c1', '777000222', date_trunc('day', now()) - interval '3 days', 'USDT', 'SPOT', 'BTCUSDT', 1, 1, 'NaN', 0.2, 1, 1)`);
    await handle.db.execute(sql.raw(`alter table commission_items add constraint commission_items_amounts_finite check (not (${notFiniteAmount("commission_items")})) not valid`));
    expect(await notNumbers(handle)).toBeGreaterThan(1);
    const rebuilt = await rebuildRollups(handle.db, "c1");
    expect(rebuilt.droppedRows).toBe(1);
    expect(await notNumbers(handle)).toBe(0);
    await expectWorld(handle.db);
  });

  it("the database refuses NaN and Infinity itself, and the error a run records is its cause, not the statement", async () => {
    for (const [table, value] of [
      ["commission_items", "NaN"],
      ["trade_asset_daily", "Infinity"],
    ] as const) {
      const insert =
        table === "commission_items"
          ? sql`insert into commission_items (connection_id, uid, day, coin, product_type, symbol, source_type, fee, commission, rate, taker_amount, maker_amount)
                values ('c1', '777000111', now(), 'USDT', 'SPOT', 'BTCUSDT', 1, 1, ${value}::numeric, 0.2, 1, 1)`
          : sql`insert into trade_asset_daily (connection_id, uid, day, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission)
                values ('c1', '777000111', '2026-01-01', ${value}::numeric, 0, 0, 0, 0)`;
      const error = await handle.db.execute(insert).then(() => null, (e: unknown) => e);
      expect(error, table).toBeInstanceOf(Error);
      const words = syncErrorWords(error);
      expect(words).toMatch(new RegExp(`^the warehouse refused to store the page: .*${table}_amounts_finite`));
      expect(words).not.toMatch(/insert|777000111|params/i);
    }
    expect(await notNumbers(handle)).toBe(0);
  });

  it("rows dated outside the window asked for refuse their page; the next run stores the world", async () => {
    const late = once(PATHS.commission, "channelCommissionInfoItems", (rows) => void (rows[0]!.date = Date.UTC(2100, 0, 1)));
    const ancient = once(PATHS.invitees, "channelUserInfoItemList", (rows) => void (rows[0]!.registerTime = Date.UTC(1970, 0, 1)));
    const fresh = await createDb({ dataDir: "memory" });
    try {
      ex.fault = (request, answer) => late(request, answer) ?? ancient(request, answer);
      const first = await syncConnection({ db: fresh.db, client: ex.client(), connectionId: "c1", now, historyDays: HISTORY_DAYS });
      ex.fault = null;
      const errors = Object.fromEntries(first.reports.filter((r) => r.error).map((r) => [r.report, r.error]));
      expect(errors["getAffiliateCommission:SPOT"]).toMatch(/row 1 is dated 2100-01-01, outside the window asked for .*: the page was not stored$/);
      expect(errors.getAffiliateUIDs).toMatch(/row 1 is dated 1970-01-01, outside the window asked for/);
      const [far] = await queryRows<{ n: string }>(fresh.db, sql`select count(*)::text as n from commission_items where day > now() + interval '2 days'`);
      expect(far?.n).toBe("0");
      const [old] = await queryRows<{ n: string }>(fresh.db, sql`select count(*)::text as n from invited_users where register_time < '2000-01-01'`);
      expect(old?.n).toBe("0");
      await syncConnection({ db: fresh.db, client: ex.client(), connectionId: "c1", now, historyDays: HISTORY_DAYS });
      await expectWorld(fresh.db);
    } finally {
      ex.fault = null;
      await fresh.close();
    }
  }, LONG_RUN_MS);
});

describe("paging follows rows, and a count that never agrees is recorded, not passed off as synced", () => {
  it("pages that lie about `pages` or `total` lose nothing: every row of every window is stored", async () => {
    const handle = await createDb({ dataDir: "memory" });
    try {
      // Every page but a window's last lies (which windows have two pages or more moves with the day the test runs).
      const lies = { invitees: 0, subs: 0 };
      ex.fault = (request, answer) => {
        const truth = answer as Answer;
        if (request.path === PATHS.invitees && Number(request.params.page ?? 1) < Number(truth.pages)) return (lies.invitees++, { ...truth, pages: 1 });
        if (request.path === PATHS.subs && Number(request.params.pageNum ?? 1) < Number(truth.pages)) return (lies.subs++, { ...truth, total: -5, pages: -1 });
        return undefined;
      };
      const result = await run(handle);
      ex.fault = null;
      expect(lies.invitees, "pages lied about the invitees").toBeGreaterThan(0);
      expect(lies.subs, "pages lied about the sub-affiliates").toBeGreaterThan(0);
      expect(result.reports.filter((r) => r.error)).toEqual([]);
      // Paging by rows reads what a clean sync reads (an empty page more where a window's rows are a multiple of 100).
      expect(result.weight).toBeLessThanOrEqual(cleanWeight + 10 * 20);
      await expectWorld(handle.db);
      // Each window's last page stated the true count, so nothing is recorded incomplete.
      expect((await syncStates(handle.db, "c1")).flatMap((s) => s.incomplete)).toEqual([]);
    } finally {
      ex.fault = null;
      await handle.close();
    }
  }, LONG_RUN_MS);

  it("a window whose rows never add up to its `total` is read twice, recorded incomplete, shown partial in words, and repaired by later runs", async () => {
    const handle = await createDb({ dataDir: "memory" });
    const params = new URLSearchParams({ range: "30d", interval: "week" });
    const coverage = async () => (await answerReport(handle.db, "c1", "sub-affiliates", parseReportFilters(params, new Date(clock)), params)).coverage;
    try {
      const asked: string[] = [];
      ex.fault = (request, answer) => {
        if (request.path !== PATHS.subs || request.params.productType !== "SPOT") return undefined;
        asked.push(`${String(request.params.startTime)}|${String(request.params.pageNum)}`);
        return { ...(answer as Answer), total: Number((answer as Answer).total) + 7 };
      };
      const result = await run(handle);
      ex.fault = null;
      expect(result.reports.filter((r) => r.error)).toEqual([]);
      // The disagreeing report's windows read twice, the rest once: less than two clean syncs.
      expect(result.weight).toBeGreaterThan(cleanWeight);
      expect(result.weight).toBeLessThan(2 * cleanWeight);
      const state = (await syncStates(handle.db, "c1")).find((s) => s.report === "querySubChannelTransactions:SPOT");
      expect(state?.incomplete.length).toBeGreaterThan(0);
      for (const w of state?.incomplete ?? []) expect(w.total).toBe(w.read + 7);
      // Every window's pages were asked twice (the re-read), and no more.
      const perPage = new Map<string, number>();
      for (const key of asked) perPage.set(key, (perPage.get(key) ?? 0) + 1);
      expect(new Set(perPage.values())).toEqual(new Set([2]));
      // The rows are kept (the world's rows are all there) but the days are not claimed as synced.
      const { actual, expected } = await warehouseVsWorld(handle.db, "c1", ex.sandbox, clock, HISTORY_DAYS);
      expect(actual.sub).toEqual(expected.sub);
      expect((await warehouseFingerprint(handle.db, "c1")).sub_affiliate_daily).toEqual(clean.sub_affiliate_daily);
      const partial = await coverage();
      expect(partial.state).toBe("partial");
      expect(partial.note).toMatch(/Incomplete: the exchange's rows for Sub-affiliates \(spot\) \d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}.* did not add up to the count it stated, twice/);
      expect(partial.incomplete?.length).toBeGreaterThan(0);

      // An honest exchange again: each run re-reads a few recorded windows until none is left.
      for (let runs = 0; runs < 6 && (await syncStates(handle.db, "c1")).some((s) => s.incomplete.length > 0); runs++) await run(handle);
      expect((await syncStates(handle.db, "c1")).flatMap((s) => s.incomplete)).toEqual([]);
      const healed = await coverage();
      expect(healed.state).toBe("complete");
      expect(healed.note).toBe("");
      await expectWorld(handle.db);
    } finally {
      ex.fault = null;
      await handle.close();
    }
  }, LONG_RUN_MS * 2);
});

