/**
 * The Invitee detail report's figures, on PGlite and on PostgreSQL, against an
 * independent decimal.js computation over the same seeded world's raw records:
 * commission, net fee, taker/maker volume, effective rate, items, the series per
 * bucket and product, by symbol, the rates applied, coins, deposits,
 * withdrawals, net deposit, spot and futures volume, the rank among all invitees
 * and the previous period — and the milestones from the invited-user record.
 */
import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/route";
import { createDb, type DbHandle } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { inviteeDetailQuerySchema } from "@/lib/reports/invitee/contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { inviteeDetailReport } from "@/lib/reports/invitee/sql";
import { previousPeriod, type Period } from "@/lib/reports/periods";
import { answerReport } from "@/lib/reports/run";
import { createAffiliateWorld, type CommissionRecord } from "@/lib/sandbox/data/affiliate";
import { temporaryPostgres } from "../support/postgres";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const DAY = 86_400_000;
const world = createAffiliateWorld({ seed: 31, invitees: 300, days: 120, subAffiliates: 3, restate: false }, NOW);
const other = createAffiliateWorld({ seed: 32, invitees: 40, days: 30, subAffiliates: 1, restate: false }, NOW);
const items = world.commissionItems(NOW);
const users = world.invitedUsers(NOW);

const filtersFor = (params: Record<string, string>) => parseReportFilters(params, new Date(NOW));
const sum = (rows: readonly CommissionRecord[], pick: (r: CommissionRecord) => string) => rows.reduce((acc, r) => acc.plus(pick(r)), new Decimal(0));
const same = (actual: string | null, expected: Decimal) => actual !== null && new Decimal(actual).equals(expected);
const inPeriod = (p: Period) => (r: CommissionRecord) => r.date >= p.start && r.date <= p.end;
const periodOf = (f: ReturnType<typeof filtersFor>): Period => ({ start: f.range.startTime, end: f.range.endTime });

/** The invitee earning the most in `coin` over the last 30 days (ground truth). */
function topEarner(coin: string): string {
  const f = filtersFor({ range: "30d" });
  const byUid = new Map<string, Decimal>();
  for (const r of items.filter((x) => x.coin === coin && inPeriod(periodOf(f))(x))) byUid.set(r.uid, (byUid.get(r.uid) ?? new Decimal(0)).plus(r.commission));
  return [...byUid].sort((a, b) => b[1].comparedTo(a[1]) || a[0].localeCompare(b[0]))[0]![0];
}

/** Every figure of one period, from the raw commission items and the endpoint's own range totals. */
function expectedFigures(uid: string, coin: string, p: Period) {
  const mine = items.filter((r) => r.uid === uid && r.coin === coin && inPeriod(p)(r));
  const ta = world.tradeAndAsset(NOW, { uid, startTime: Math.floor(p.start / DAY) * DAY, endTime: p.end })[0];
  const zero = "0";
  const commission = sum(mine, (r) => r.commission);
  const fee = sum(mine, (r) => r.fee);
  return {
    commission,
    fee,
    takerVolume: sum(mine, (r) => r.takerAmount),
    makerVolume: sum(mine, (r) => r.makerAmount),
    effectiveRate: fee.gt(0) ? commission.div(fee).toFixed(6) : null,
    items: mine.length,
    depositAmount: new Decimal(ta?.depositAmount ?? zero),
    withdrawalAmount: new Decimal(ta?.withdrawalAmount ?? zero),
    netDeposit: new Decimal(ta?.depositAmount ?? zero).minus(ta?.withdrawalAmount ?? zero),
    spotTradingAmount: new Decimal(ta?.spotTradingAmount ?? zero),
    futuresTradingAmount: new Decimal(ta?.futuresTradingAmount ?? zero),
  };
}

function suite(name: string, open: () => Promise<{ handle: DbHandle; cleanup?: () => Promise<void> }>) {
  describe(`invitee detail report (${name})`, () => {
    let handle: DbHandle;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, cleanup } = await open());
      await loadInvitees(handle.db, "c1", world, NOW);
      await loadCommissions(handle.db, "c1", world, NOW);
      await loadTradeAssetDays(handle.db, "c1", world, NOW, 70);
      // Another connection's rows must change nothing.
      await loadInvitees(handle.db, "other", other, NOW);
      await loadCommissions(handle.db, "other", other, NOW);
      // A connection whose invited-users list lacks its traders (registered before the synced history).
      await loadCommissions(handle.db, "unlisted", other, NOW);
    }, 240_000);
    afterAll(async () => {
      await handle.close();
      await cleanup?.();
    });

    const report = (params: Record<string, string>, uid: string, dormantDays = "30") =>
      inviteeDetailReport(handle.db, "c1", filtersFor(params), inviteeDetailQuerySchema.parse({ uid, dormantDays }), NOW);

    it("this period's and the previous period's figures equal the raw rows, digit for digit, in the view's coin", async () => {
      for (const [coin, params] of [["USDT", { range: "30d" }], ["BTC", { range: "30d", coin: "BTC" }]] as const) {
        const uid = topEarner(coin);
        const r = await report(params, uid);
        const f = filtersFor(params);
        // Today (NOW's day, 15:00) is partial: the previous 30 days leave out their last day, and the current
        // period's days before today are its own figures (the partial-day rule: changes compare whole days only).
        const whole = previousPeriod(periodOf(f));
        const prev = { start: whole.start, end: whole.end - DAY };
        const today = Math.floor(NOW / DAY) * DAY;
        expect(r.previousPeriod).toEqual({ from: new Date(prev.start).toISOString().slice(0, 10), to: new Date(prev.end).toISOString().slice(0, 10) });
        expect(r.currentWholeDays).not.toBeNull();
        const wholeDays = { start: f.range.startTime, end: today - 1 };
        for (const [got, period] of [[r.current, periodOf(f)], [r.previous, prev], [r.currentWholeDays!, wholeDays]] as const) {
          const want = expectedFigures(uid, coin, period);
          expect(got.coin).toBe(coin);
          for (const key of ["commission", "fee", "takerVolume", "makerVolume", "depositAmount", "withdrawalAmount", "netDeposit", "spotTradingAmount", "futuresTradingAmount"] as const) {
            expect(same(got[key], want[key]), `${coin} ${uid} ${key}: ${got[key]} vs ${want[key].toFixed()}`).toBe(true);
          }
          expect(got.effectiveRate).toBe(want.effectiveRate);
          expect(got.items).toBe(want.items);
        }
        expect(new Decimal(r.current.commission).gt(0), "the walk reaches real figures").toBe(true);
      }
    });

    it("the series per bucket and product, by symbol and the rates applied equal the raw rows; buckets cover the range", async () => {
      const uid = topEarner("USDT");
      const f = filtersFor({ range: "30d" });
      const mine = items.filter((r) => r.uid === uid && r.coin === "USDT" && inPeriod(periodOf(f))(r));
      const r = await report({ range: "30d" }, uid);
      expect(r.buckets[0]).toBe(f.range.from);
      expect(r.buckets.at(-1)).toBe(f.range.to);
      const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const expectedSeries = new Map<string, Decimal>();
      for (const x of mine) expectedSeries.set(`${dayOf(x.date)}|${x.productType}`, (expectedSeries.get(`${dayOf(x.date)}|${x.productType}`) ?? new Decimal(0)).plus(x.commission));
      expect(r.series.length).toBe(expectedSeries.size);
      for (const p of r.series) expect(same(p.commission, expectedSeries.get(`${p.bucket}|${p.productType}`)!), `${p.bucket} ${p.productType}`).toBe(true);
      const bySymbol = new Map<string, CommissionRecord[]>();
      for (const x of mine) bySymbol.set(x.symbol, [...(bySymbol.get(x.symbol) ?? []), x]);
      expect(r.bySymbol.map((s) => s.symbol).sort()).toEqual([...bySymbol.keys()].sort());
      for (const s of r.bySymbol) {
        const rows = bySymbol.get(s.symbol)!;
        expect(same(s.commission, sum(rows, (x) => x.commission)) && same(s.fee, sum(rows, (x) => x.fee)), s.symbol).toBe(true);
        expect(same(s.takerVolume, sum(rows, (x) => x.takerAmount)) && same(s.makerVolume, sum(rows, (x) => x.makerAmount)), s.symbol).toBe(true);
        expect(s.items).toBe(rows.length);
      }
      const byRate = new Map<string, CommissionRecord[]>();
      for (const x of mine) byRate.set(`${new Decimal(x.rate).toFixed()}|${x.productType}`, [...(byRate.get(`${new Decimal(x.rate).toFixed()}|${x.productType}`) ?? []), x]);
      expect(r.rates.length).toBe(byRate.size);
      for (const rate of r.rates) {
        const rows = byRate.get(`${new Decimal(rate.rate).toFixed()}|${rate.productType}`)!;
        expect(rate.items).toBe(rows.length);
        expect(same(rate.commission, sum(rows, (x) => x.commission))).toBe(true);
      }
      // Weekly and monthly buckets hold the same total.
      for (const interval of ["week", "month"]) {
        const coarse = await report({ range: "30d", interval }, uid);
        expect(coarse.buckets.length).toBeLessThan(r.buckets.length);
        expect(same(coarse.series.reduce((a, p) => a.plus(p.commission), new Decimal(0)).toFixed(), sum(mine, (x) => x.commission))).toBe(true);
      }
      // Every coin the invitee earned in, each on its own (never added together).
      const all = items.filter((x) => x.uid === uid && inPeriod(periodOf(f))(x));
      expect(r.coins.map((c) => c.coin).sort()).toEqual([...new Set(all.map((x) => x.coin))].sort());
      for (const c of r.coins) expect(same(c.commission, sum(all.filter((x) => x.coin === c.coin), (x) => x.commission)), c.coin).toBe(true);
    });

    it("the rank among all invitees by commission in the view's coin: 1 + those earning strictly more", async () => {
      for (const [coin, params] of [["USDT", { range: "90d" }], ["BTC", { range: "90d", coin: "BTC" }]] as const) {
        const f = filtersFor(params);
        const byUid = new Map<string, Decimal>();
        for (const x of items.filter((r) => r.coin === coin && inPeriod(periodOf(f))(r))) byUid.set(x.uid, (byUid.get(x.uid) ?? new Decimal(0)).plus(x.commission));
        const ranked = [...byUid].sort((a, b) => b[1].comparedTo(a[1]));
        // The top, someone in the middle, the last.
        for (const [uid, mine] of [ranked[0]!, ranked[Math.floor(ranked.length / 2)]!, ranked.at(-1)!]) {
          const r = await report(params, uid);
          expect(r.rank).toEqual({ coin, position: 1 + ranked.filter(([, c]) => c.gt(mine)).length, of: byUid.size });
        }
      }
      // Someone who never traded: no place, zeros that are true zeros (no items at all).
      const idle = users.find((u) => u.firstTrade === null && !items.some((x) => x.uid === u.uid))!;
      const r = await report({ range: "90d" }, idle.uid);
      expect(r.rank.position).toBeNull();
      expect(r.current.items).toBe(0);
      expect(r.current.effectiveRate).toBeNull();
      expect(r.series).toEqual([]);
    });

    it("profile and milestones: the invited-user record, hours between dated steps, KYC without a date, dormancy", async () => {
      const traded = users.filter((u) => u.firstTrade !== null && u.firstDeposit !== null);
      const u = traded[0]!;
      const r = await report({ range: "30d" }, u.uid);
      expect(r.profile).toMatchObject({ uid: u.uid, inviteCode: u.inviteCode, registerTime: u.registerTime, kycResult: u.kycResult, firstDeposit: u.firstDeposit, firstTrade: u.firstTrade, lastTrade: u.lastTrade });
      const hours = (a: number, b: number) => Math.round(((b - a) / 3_600_000) * 100) / 100;
      expect(r.milestones).toEqual([
        { step: "registered", reached: true, at: u.registerTime, hoursSincePrevious: null },
        { step: "kyc", reached: u.kycResult, at: null, hoursSincePrevious: null },
        { step: "firstDeposit", reached: true, at: u.firstDeposit, hoursSincePrevious: hours(u.registerTime, u.firstDeposit!) },
        { step: "firstTrade", reached: true, at: u.firstTrade, hoursSincePrevious: hours(u.firstDeposit!, u.firstTrade!) },
        { step: "lastTrade", reached: true, at: u.lastTrade, hoursSincePrevious: hours(u.firstTrade!, u.lastTrade!) },
      ]);
      const silentDays = Math.floor((NOW - u.lastTrade!) / DAY);
      expect((await report({ range: "30d" }, u.uid, String(silentDays + 1))).profile.dormant).toBe(false);
      if (silentDays >= 1) expect((await report({ range: "30d" }, u.uid, String(silentDays))).profile.dormant).toBe(true);
      const neverTraded = users.find((x) => x.firstTrade === null)!;
      expect((await report({ range: "30d" }, neverTraded.uid, "1")).profile.dormant).toBe(false);
    });

    it("says which period's history the sync has read whole (commission, trade-and-asset), so a zero of an unread period is not shown as one", async () => {
      const uid = topEarner("USDT");
      const f = filtersFor({ range: "30d" });
      const before = await report({ range: "30d" }, uid);
      // Loaded straight into the tables: no sync has read anything.
      expect([before.current.commissionSynced, before.current.assetsSynced, before.previous.commissionSynced, before.previous.assetsSynced]).toEqual([false, false, false, false]);
      const prev = previousPeriod(periodOf(f));
      const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;
      // Commission read back to the range's first day only (not the previous period's), trade-and-asset further.
      const states = [
        { report: "getAffiliateCommission:SPOT", coveredFrom: dayStart(f.range.startTime) },
        { report: "getAffiliateCommission:FUTURES", coveredFrom: dayStart(f.range.startTime) - DAY },
        { report: "getChannelUserTradeAndAsset", coveredFrom: dayStart(prev.start) },
      ];
      await handle.db.insert(syncState).values(states.map((s) => ({ connectionId: "c1", report: s.report, coveredFrom: s.coveredFrom, coveredTo: NOW })));
      try {
        const after = await report({ range: "30d" }, uid);
        expect([after.current.commissionSynced, after.current.assetsSynced, after.previous.commissionSynced, after.previous.assetsSynced]).toEqual([true, true, false, true]);
        // The figures themselves do not change: only what the page may claim about them.
        expect({ ...after.current, commissionSynced: false, assetsSynced: false }).toEqual(before.current);
      } finally {
        await handle.db.delete(syncState).where(eq(syncState.connectionId, "c1"));
      }
    });

    it("an invitee with commission but not in the synced list: figures all the same, registration and milestones unknown (null), never guessed", async () => {
      const f = filtersFor({ range: "30d" });
      const otherItems = other.commissionItems(NOW).filter((r) => r.coin === "USDT" && inPeriod(periodOf(f))(r));
      const uid = otherItems[0]!.uid;
      const r = await inviteeDetailReport(handle.db, "unlisted", f, inviteeDetailQuerySchema.parse({ uid }), NOW);
      expect(r.profile).toMatchObject({ uid, listed: false, inviteCode: null, registerTime: null, kycResult: null, lastTrade: null, dormant: null });
      expect(r.milestones.map((m) => [m.reached, m.at, m.hoursSincePrevious])).toEqual(r.milestones.map(() => [null, null, null]));
      expect(same(r.current.commission, sum(otherItems.filter((x) => x.uid === uid), (x) => x.commission))).toBe(true);
      expect(r.rank.position).not.toBeNull();
    });

    it("an unknown uid is a 404 INVITEE_NOT_FOUND; a missing or malformed uid a 400 naming it", async () => {
      const f = filtersFor({ range: "30d" });
      const refusal = (query: string) =>
        answerReport(handle.db, "c1", "invitee", f, new URLSearchParams(query)).then(
          () => null,
          (e: unknown) => (e instanceof ApiError ? { status: e.status, code: e.code, msg: e.message } : { status: 0, code: String(e), msg: "" }),
        );
      expect(await refusal("uid=9999999999999")).toMatchObject({ status: 404, code: "INVITEE_NOT_FOUND" });
      // Another connection's invitee is unknown here.
      expect(await refusal(`uid=${other.invitedUsers(NOW)[0]!.uid}`)).toMatchObject({ status: 404 });
      for (const query of ["", "uid=", "uid=abc", "uid=1%3B%20drop", `uid=${"1".repeat(21)}`]) {
        const r = await refusal(query);
        expect(r?.status, query).toBe(400);
        expect(r?.msg, query).toMatch(/^uid: /);
      }
    });
  });
}

suite("PGlite", async () => ({ handle: await createDb({ dataDir: "memory" }) }));
suite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  return { handle: await createDb({ url: pg.url }), cleanup: pg.drop };
});
