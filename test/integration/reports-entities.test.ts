/**
 * The Sub-affiliate and Invite codes reports against an independent decimal.js
 * computation over the same seeded raw rows (sub-affiliate records, invitees,
 * commission items), on PGlite and on PostgreSQL: series per period and product,
 * shares of all sub-affiliates, margin, the previous period, the invitees via
 * sub-agents; per code counts, conversions, medians, commission and volume. And
 * the refusals: an unknown sub-affiliate is a 404, a bad or missing uid a 400
 * naming `uid`.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { sql } from "drizzle-orm";
import { createDb, type DbHandle } from "@/lib/db/client";
import { priceCloses } from "@/lib/db/schema";
import { inviteCodeQuerySchema } from "@/lib/reports/invite-codes/contract";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/filters";
import { cohortCommissionRows, inviteCodesReport } from "@/lib/reports/invite-codes/sql";
import { valuationRows } from "@/lib/prices/period-values";
import { previousPeriod } from "@/lib/reports/periods";
import { subAffiliateDetailReport } from "@/lib/reports/sub-affiliate/sql";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { temporaryPostgres } from "../support/postgres";
import { loadCommissions, loadInvitees, loadSubAffiliates } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 41, invitees: 600, days: 200, subAffiliates: 5, restate: false }, NOW);
const records = world.subAffiliateRecords(NOW);
const users = world.invitedUsers(NOW);
const items = world.commissionItems(NOW);
const ZERO = new Decimal(0);
const sum = (values: Iterable<Decimal.Value>) => [...values].reduce<Decimal>((a, v) => a.plus(v), ZERO);
const share = (part: Decimal, whole: Decimal) => (whole.isZero() ? ZERO : part.div(whole).toDecimalPlaces(6, Decimal.ROUND_HALF_UP));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const exact = (actual: string, expected: Decimal, what: string) => expect(new Decimal(actual).equals(expected), `${what}: ${actual} ≠ ${expected.toFixed()}`).toBe(true);
const filters = (params: Record<string, string>): ReportFilters => parseReportFilters(params, new Date(NOW));
/** The sub-affiliate with the most records: it has activity in every range below. */

/** Map.groupBy (not in this Node). */
function groupBy<T>(values: readonly T[], key: (v: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const v of values) {
    const k = key(v);
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The sub-affiliate with the most records: it has activity in every range below. */
const SUB = [...groupBy(records, (r) => r.subAffiliateUid)].sort((a, b) => b[1].length - a[1].length)[0]![0];

function suite(name: string, open: () => Promise<{ handle: DbHandle; cleanup?: () => Promise<void> }>) {
  describe(`entity reports on ${name}`, () => {
    let handle: DbHandle;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, cleanup } = await open());
      await loadSubAffiliates(handle.db, "c1", world, NOW);
      await loadInvitees(handle.db, "c1", world, NOW);
      await loadCommissions(handle.db, "c1", world, NOW);
    }, 120_000);
    afterAll(async () => {
      await handle.close();
      await cleanup?.();
    });

    const detail = (f: ReportFilters, uid: string, top?: number | null) =>
      subAffiliateDetailReport(handle.db, "c1", f, new URLSearchParams({ uid }), top === undefined ? {} : { top });

    it.each([
      ["90 days per day", { range: "90d" }],
      ["a past custom range per month, futures only", { range: "custom", from: "2026-06-10", to: "2026-09-20", interval: "month", product: "FUTURES" }],
    ])("sub-affiliate: series, shares, what is left after the sub's share and previous period equal the records' sums (%s)", async (_label, params) => {
      const f = filters(params);
      const report = await detail(f, SUB);
      const bucketOf = (date: string) => (f.interval === "month" ? `${date.slice(0, 7)}-01` : date);
      const inView = (r: (typeof records)[number], from: string, to: string) => r.date >= from && r.date <= to && (!f.product || r.productType === f.product);
      const mine = records.filter((r) => r.subAffiliateUid === SUB && inView(r, f.range.from, f.range.to));
      const everyone = records.filter((r) => inView(r, f.range.from, f.range.to));
      expect(mine.length).toBeGreaterThan(10);

      // Per period and product, and the margin per period.
      const series = groupBy(mine, (r) => `${bucketOf(r.date)} ${r.productType}`);
      expect(report.series.map((s) => `${s.bucket} ${s.productType}`).sort()).toEqual([...series.keys()].sort());
      for (const s of report.series) {
        const rows = series.get(`${s.bucket} ${s.productType}`)!;
        exact(s.tradingVolume, sum(rows.map((r) => r.tradingVolume)), `volume ${s.bucket}`);
        exact(s.netTradingFee, sum(rows.map((r) => r.netTradingFee)), `fee ${s.bucket}`);
        exact(s.paidCommission, sum(rows.map((r) => r.paidCommission)), `paid ${s.bucket}`);
        exact(s.afterSubShare, sum(rows.map((r) => r.netTradingFee)).minus(sum(rows.map((r) => r.paidCommission))), `after sub's share ${s.bucket}`);
      }
      const perBucket = groupBy(mine, (r) => bucketOf(r.date));
      expect(report.feeSplit.map((m) => m.bucket)).toEqual([...perBucket.keys()].sort());
      for (const m of report.feeSplit) {
        const rows = perBucket.get(m.bucket)!;
        exact(m.afterSubShare, sum(rows.map((r) => r.netTradingFee)).minus(sum(rows.map((r) => r.paidCommission))), `margin ${m.bucket}`);
      }
      expect(report.buckets[0]).toBe(bucketOf(f.range.from));
      expect(report.buckets.at(-1)).toBe(bucketOf(f.range.to));

      // Per product: this sub-affiliate's share of all sub-affiliates, and the previous period.
      const prev = previousPeriod({ start: f.range.startTime, end: f.range.endTime });
      // The partial-day rule: a range reaching today (NOW's day, 15:00) compares whole days only, so the previous
      // period leaves out its last day and the current period's days before today are summed apart.
      const partial = f.range.to === isoDay(NOW);
      const prevTo = isoDay(partial ? prev.end - 86_400_000 : prev.end);
      const before = records.filter((r) => r.subAffiliateUid === SUB && inView(r, isoDay(prev.start), prevTo));
      expect(report.products.map((p) => p.productType)).toEqual(f.product ? [f.product] : ["SPOT", "FUTURES"]);
      for (const p of report.products) {
        const m = mine.filter((r) => r.productType === p.productType);
        const e = everyone.filter((r) => r.productType === p.productType);
        const b = before.filter((r) => r.productType === p.productType);
        exact(p.tradingVolume, sum(m.map((r) => r.tradingVolume)), "product volume");
        exact(p.volumeShare, share(sum(m.map((r) => r.tradingVolume)), sum(e.map((r) => r.tradingVolume))), "volume share");
        exact(p.feeShare, share(sum(m.map((r) => r.netTradingFee)), sum(e.map((r) => r.netTradingFee))), "fee share");
        exact(p.commissionShare, share(sum(m.map((r) => r.paidCommission)), sum(e.map((r) => r.paidCommission))), "commission share");
        exact(p.previousTradingVolume, sum(b.map((r) => r.tradingVolume)), "previous volume");
        exact(p.previousAfterSubShare, sum(b.map((r) => r.netTradingFee)).minus(sum(b.map((r) => r.paidCommission))), "previous after sub's share");
      }
      expect(report.products.some((p) => new Decimal(p.volumeShare).gt(0) && new Decimal(p.volumeShare).lt(1))).toBe(true);
      exact(report.totals.paidCommission, sum(mine.map((r) => r.paidCommission)), "total paid");
      exact(report.totals.afterSubShare, sum(mine.map((r) => r.netTradingFee)).minus(sum(mine.map((r) => r.paidCommission))), "total after sub's share");
      expect(report.totals.activeDays).toBe(new Set(mine.map((r) => r.date)).size);
      expect(report.previous).toMatchObject({ from: isoDay(prev.start), to: prevTo, activeDays: new Set(before.map((r) => r.date)).size });
      exact(report.previous.tradingVolume, sum(before.map((r) => r.tradingVolume)), "previous total volume");
      if (partial) {
        const whole = mine.filter((r) => r.date < isoDay(NOW));
        expect(mine.some((r) => r.date === isoDay(NOW)), "today has records: leaving it out is visible").toBe(true);
        expect(report.currentWholeDays?.activeDays).toBe(new Set(whole.map((r) => r.date)).size);
        exact(report.currentWholeDays!.tradingVolume, sum(whole.map((r) => r.tradingVolume)), "whole days volume");
        exact(report.currentWholeDays!.afterSubShare, sum(whole.map((r) => r.netTradingFee)).minus(sum(whole.map((r) => r.paidCommission))), "whole days after sub's share");
      } else expect(report.currentWholeDays).toBeNull();
      const mineAll = records.filter((r) => r.subAffiliateUid === SUB).map((r) => r.date).sort();
      expect(report.known).toEqual({ firstDay: mineAll[0], lastDay: mineAll.at(-1) });
    });

    it("sub-affiliate: the invitees via sub-agents are every sourceType 2 invitee of the coin, in aggregate", async () => {
      const f = filters({ range: "custom", from: "2026-07-15", to: "2026-11-20" });
      const report = await detail(f, SUB, null);
      const via = items.filter((i) => i.sourceType === 2 && i.coin === "USDT" && i.date >= f.range.startTime && i.date <= f.range.endTime);
      const perUid = groupBy(via, (i) => i.uid);
      expect(report.viaSubAgents.coin).toBe("USDT");
      expect(report.viaSubAgents.invitees).toBe(perUid.size);
      expect(perUid.size).toBeGreaterThan(5);
      exact(report.viaSubAgents.commission, sum(via.map((i) => i.commission)), "via commission");
      exact(report.viaSubAgents.volume, sum(via.flatMap((i) => [i.takerAmount, i.makerAmount])), "via volume");
      const expected = [...perUid]
        .map(([uid, rows]) => ({ uid, commission: sum(rows.map((i) => i.commission)), volume: sum(rows.flatMap((i) => [i.takerAmount, i.makerAmount])) }))
        .sort((a, b) => b.commission.comparedTo(a.commission) || (a.uid < b.uid ? -1 : 1));
      expect(report.viaSubAgents.top.map((t) => t.uid)).toEqual(expected.map((e) => e.uid));
      for (const [i, t] of report.viaSubAgents.top.entries()) {
        exact(t.commission, expected[i]!.commission, `commission of ${t.uid}`);
        exact(t.volume, expected[i]!.volume, `volume of ${t.uid}`);
      }
      const page = await detail(f, SUB);
      expect(page.viaSubAgents.top.map((t) => t.uid)).toEqual(expected.slice(0, 20).map((e) => e.uid));
    });

    it("sub-affiliate: an unknown uid is a 404, a malformed or missing one a 400 naming uid", async () => {
      const f = filters({ range: "30d" });
      const refusal = async (query: URLSearchParams) => subAffiliateDetailReport(handle.db, "c1", f, query).then(() => null, (e: unknown) => e);
      const unknown = await refusal(new URLSearchParams({ uid: "123" }));
      expect(unknown).toBeInstanceOf(ApiError);
      expect((unknown as ApiError).status).toBe(404);
      expect((unknown as ApiError).message).toMatch(/^uid: .*123/);
      for (const query of [new URLSearchParams({ uid: "12a" }), new URLSearchParams({ uid: "1".repeat(21) }), new URLSearchParams()]) {
        const bad = await refusal(query);
        expect(bad, query.toString()).toBeInstanceOf(ApiError);
        expect((bad as ApiError).status).toBe(400);
        expect((bad as ApiError).message).toMatch(/^uid: /);
      }
    });

    it.each([
      ["a past range with partial months at both edges", { range: "custom", from: "2026-06-10", to: "2026-09-20" }],
      ["a year to now, in BTC", { range: "12m", coin: "BTC" }],
      ["30 days to now", { range: "30d" }],
    ])("invite codes: counts, conversions, medians, commission and volume per code equal the raw rows (%s)", async (_label, params) => {
      const f = filters(params);
      const coin = f.coin ?? "USDT";
      const report = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
      const cohort = users.filter((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime);
      const codes = groupBy(cohort, (u) => u.inviteCode);
      expect(cohort.length).toBeGreaterThan(10);
      expect(report.rows.map((r) => r.inviteCode).sort()).toEqual([...codes.keys()].sort());
      const inRange = items.filter((i) => i.coin === coin && i.date >= f.range.startTime && i.date <= f.range.endTime);
      const byUid = groupBy(inRange, (i) => i.uid);
      let anyCommission = false;
      for (const r of report.rows) {
        const mine = codes.get(r.inviteCode)!;
        const deposited = mine.filter((u) => u.firstDeposit !== null);
        const traded = mine.filter((u) => u.firstTrade !== null);
        expect(r).toMatchObject({ signups: mine.length, kyc: mine.filter((u) => u.kycResult).length, deposited: deposited.length, traded: traded.length, coin });
        expect(r.kycRate).toBe(new Decimal(r.kyc).div(mine.length).toFixed(6));
        expect(r.tradeRate).toBe(new Decimal(traded.length).div(mine.length).toFixed(6));
        const toDeposit = median(deposited.map((u) => (u.firstDeposit! - u.registerTime) / 3_600_000));
        const toTrade = median(traded.map((u) => (u.firstTrade! - u.registerTime) / 3_600_000));
        if (toDeposit === null) expect(r.medianHoursToDeposit).toBeNull();
        else expect(r.medianHoursToDeposit).toBeCloseTo(toDeposit, 6);
        if (toTrade === null) expect(r.medianHoursToTrade).toBeNull();
        else expect(r.medianHoursToTrade).toBeCloseTo(toTrade, 6);
        const theirs = mine.flatMap((u) => byUid.get(u.uid) ?? []);
        exact(r.commission, sum(theirs.map((i) => i.commission)), `commission of ${r.inviteCode}`);
        exact(r.volume, sum(theirs.flatMap((i) => [i.takerAmount, i.makerAmount])), `volume of ${r.inviteCode}`);
        anyCommission ||= theirs.length > 0;
      }
      expect(anyCommission).toBe(true);
      expect(report.totals).toMatchObject({ codes: codes.size, signups: cohort.length, traded: cohort.filter((u) => u.firstTrade !== null).length });
      exact(report.totals.commission, sum(report.rows.map((r) => r.commission)), "total commission");
      exact(report.totals.volume, sum(cohort.flatMap((u) => byUid.get(u.uid) ?? []).flatMap((i) => [i.takerAmount, i.makerAmount])), "total volume");
      // The total's medians are over every sign-up of the range, not a median of the codes' medians.
      const allDeposited = cohort.filter((u) => u.firstDeposit !== null).map((u) => (u.firstDeposit! - u.registerTime) / 3_600_000);
      const allTraded = cohort.filter((u) => u.firstTrade !== null).map((u) => (u.firstTrade! - u.registerTime) / 3_600_000);
      expect(report.totals.medianHoursToDeposit).toBeCloseTo(median(allDeposited)!, 6);
      expect(report.totals.medianHoursToTrade).toBeCloseTo(median(allTraded)!, 6);
      // Default order: sign-ups, most first, then the code.
      expect(report.rows.map((r) => r.inviteCode)).toEqual(
        [...codes].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).map(([code]) => code),
      );
    });

    it("invite codes: the headline's commission of all coins in ≈ USDT is the cohort's raw items at each day's close", async () => {
      // Made-up closes, a different one every day: a value taken at another day's price cannot pass.
      const closeOf = (day: number) => new Decimal(50_000).plus(new Decimal(day / 86_400_000).mod(997).times("3.25")).toFixed();
      const btcDays = [...new Set(items.filter((i) => i.coin === "BTC").map((i) => i.date))];
      expect(btcDays.length).toBeGreaterThan(0);
      await handle.db.insert(priceCloses).values(btcDays.map((day) => ({ connectionId: "c1", symbol: "BTCUSDT", day: isoDay(day), basis: "utc" as const, close: closeOf(day), priceTime: day + 86_400_000, final: true })));
      const f = filters({ range: "12m" });
      const cohort = new Set(users.filter((u) => u.registerTime >= f.range.startTime && u.registerTime <= f.range.endTime).map((u) => u.uid));
      const theirs = items.filter((i) => cohort.has(i.uid) && i.date >= f.range.startTime && i.date <= f.range.endTime);
      const native = (coin: string) => sum(theirs.filter((i) => i.coin === coin).map((i) => i.commission));
      const valued = sum(theirs.map((i) => (i.coin === "USDT" ? new Decimal(i.commission) : new Decimal(i.commission).times(closeOf(i.date)))));
      expect(theirs.some((i) => i.coin === "BTC")).toBe(true);
      const report = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
      exact(report.allCoins!.commission!, valued, "all coins ≈ USDT");
      expect(report.allCoins!.coins.map((c) => c.coin)).toEqual(["USDT", "BTC"]);
      for (const c of report.allCoins!.coins) exact(c.commission, native(c.coin), `${c.coin} natively`);
      expect(report.allCoins!.prices).toMatchObject({ basis: "utc", symbols: ["BTCUSDT"], notValued: [] });
      // The USDT column of the table is unchanged: one coin, never added to BTC.
      exact(report.totals.commission, native("USDT"), "the table's USDT total");

      // The CSV's audit: one row per BTC day of the cohort, at that day's close, its values adding up to the BTC part.
      const audit = await valuationRows(handle.db, "c1", cohortCommissionRows("c1", f));
      const cohortBtcDays = [...new Set(theirs.filter((i) => i.coin === "BTC").map((i) => isoDay(i.date)))].sort();
      expect(audit.map((r) => r.day)).toEqual(cohortBtcDays);
      for (const r of audit) expect(new Decimal(r.close!).equals(closeOf(Date.parse(r.day))), r.day).toBe(true);
      exact(sum(audit.map((r) => r.usdt!)).toFixed(), valued.minus(native("USDT")), "the audit's values");

      // A BTC day of the cohort without its close: no total, and what was not valued is said.
      const missing = theirs.find((i) => i.coin === "BTC")!;
      await handle.db.execute(sql`delete from price_closes where connection_id = 'c1' and day = ${isoDay(missing.date)}::date`);
      const unvalued = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({}));
      expect(unvalued.allCoins!.commission).toBeNull();
      const dayBtc = sum(theirs.filter((i) => i.coin === "BTC" && i.date === missing.date).map((i) => i.commission));
      expect(unvalued.allCoins!.prices.notValued).toHaveLength(1);
      expect(unvalued.allCoins!.prices.notValued[0]!.days).toBe(1);
      exact(unvalued.allCoins!.prices.notValued[0]!.commission, dayBtc, "BTC not valued");
    });

    it("invite codes: sorts by commission and by code, either way", async () => {
      const f = filters({ range: "12m" });
      const byCommission = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({ sort: "commission", dir: "desc" }));
      const amounts = byCommission.rows.map((r) => new Decimal(r.commission));
      for (let i = 1; i < amounts.length; i++) expect(amounts[i - 1]!.gte(amounts[i]!)).toBe(true);
      const byCode = await inviteCodesReport(handle.db, "c1", f, inviteCodeQuerySchema.parse({ sort: "inviteCode", dir: "asc" }));
      expect(byCode.rows.map((r) => r.inviteCode)).toEqual(byCommission.rows.map((r) => r.inviteCode).sort());
      expect(() => inviteCodeQuerySchema.parse({ sort: "password" })).toThrow();
    });
  });
}

suite("PGlite", async () => ({ handle: await createDb({ dataDir: "memory" }) }));
suite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  return { handle: await createDb({ url: pg.url }), cleanup: pg.drop };
});
