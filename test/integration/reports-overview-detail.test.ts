/**
 * The Overview's chart, top lists, coins and funnel against an independent
 * decimal.js computation over the raw rows of the same seeded world, on PGlite
 * and on PostgreSQL: buckets are walked day by day here (not with the report's
 * SQL), the previous period counted on the calendar, ties broken as the page says.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { syncState } from "@/lib/db/schema";
import { TOP_N } from "@/lib/reports/overview/contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { overviewReport } from "@/lib/reports/overview/sql";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { REPORTS } from "@/lib/sync/reports";
import { temporaryPostgres } from "../support/postgres";
import { loadCommissions, loadInvitees } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const DAY = 86_400_000;
/**
 * The synced history's first day (every source's sync_state): the custom view's previous period reaches before it.
 * The warehouse holds the world's earlier rows too, so a "not synced" bucket comes from the coverage, not from no rows.
 */
const HISTORY_FROM = Date.UTC(2026, 0, 10);
const world = createAffiliateWorld({ seed: 77, invitees: 400, days: 300, subAffiliates: 3, restate: false }, NOW);
const items = world.commissionItems(NOW);
const users = world.invitedUsers(NOW);

type Interval = "day" | "week" | "month";
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the UTC bucket holding `ms`: weeks begin on Monday (ISO), as PostgreSQL's date_trunc. */
function bucketOf(ms: number, interval: Interval): string {
  const d = new Date(Math.floor(ms / DAY) * DAY);
  if (interval === "month") return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  if (interval === "week") return isoDay(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
  return isoDay(d.getTime());
}

/**
 * Every bucket the period's days touch, in order, each with the coin's commission summed item by item and its
 * coverage: how many of its days lie on or after the synced history's first day (all: covered, none: uncovered).
 */
function perBucket(start: number, end: number, interval: Interval, coin: string): Array<{ bucket: string; commission: Decimal; state: string }> {
  const out = new Map<string, { commission: Decimal; days: number; synced: number }>();
  for (let d = Math.floor(start / DAY) * DAY; d <= end; d += DAY) {
    const b = out.get(bucketOf(d, interval)) ?? { commission: new Decimal(0), days: 0, synced: 0 };
    out.set(bucketOf(d, interval), { ...b, days: b.days + 1, synced: b.synced + (d >= HISTORY_FROM ? 1 : 0) });
  }
  for (const r of items) {
    if (r.coin !== coin || r.date < start || r.date > end) continue;
    const b = out.get(bucketOf(r.date, interval))!;
    b.commission = b.commission.plus(r.commission);
  }
  return [...out].map(([bucket, b]) => ({ bucket, commission: b.commission, state: b.synced === b.days ? "covered" : b.synced === 0 ? "uncovered" : "partial" }));
}

/** The top `n` keys by commission (descending, then key), with commission and volume, over the coin's items in range. */
function top(start: number, end: number, coin: string, keyOf: (r: (typeof items)[number]) => string) {
  const sums = new Map<string, { commission: Decimal; volume: Decimal }>();
  for (const r of items) {
    if (r.coin !== coin || r.date < start || r.date > end) continue;
    const s = sums.get(keyOf(r)) ?? { commission: new Decimal(0), volume: new Decimal(0) };
    sums.set(keyOf(r), { commission: s.commission.plus(r.commission), volume: s.volume.plus(r.takerAmount).plus(r.makerAmount) });
  }
  return [...sums]
    .sort(([ka, a], [kb, b]) => b.commission.comparedTo(a.commission) || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, TOP_N);
}

/** The interpolated median (percentile_cont(0.5)) of hours, or null for none. */
function median(hours: number[]): number | null {
  if (hours.length === 0) return null;
  const s = [...hours].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return ((s[Math.floor(mid)] as number) + (s[Math.ceil(mid)] as number)) / 2;
}

const VIEWS = [
  { params: { range: "30d" }, interval: "day", coin: "USDT" },
  { params: { range: "90d", interval: "week", coin: "BTC" }, interval: "week", coin: "BTC" },
  { params: { range: "custom", from: "2026-03-10", to: "2026-08-20", interval: "month" }, interval: "month", coin: "USDT" },
] as const;

function suite(driver: string, open: () => Promise<{ handle: DbHandle; cleanup?: () => Promise<void> }>) {
  describe(`overview chart, top lists and funnel (${driver})`, () => {
    let handle: DbHandle;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, cleanup } = await open());
      await loadCommissions(handle.db, "c1", world, NOW);
      await loadInvitees(handle.db, "c1", world, NOW);
      await handle.db.insert(syncState).values(REPORTS.map((r) => ({ connectionId: "c1", report: r.key, coveredFrom: HISTORY_FROM, coveredTo: NOW, backfillDone: true })));
    }, 120_000);
    afterAll(async () => {
      await handle?.close();
      await cleanup?.();
    });

    it.each(VIEWS)("$params.range per $interval in $coin: this and the previous period per position, tops, coins, funnel", async (view) => {
      const f = parseReportFilters(view.params, new Date(NOW));
      const report = await overviewReport(handle.db, "c1", f);
      const { startTime: start, endTime: end } = f.range;
      let days = 0;
      for (let d = Date.parse(`${f.range.from}T00:00:00Z`); isoDay(d) <= f.range.to; d += DAY) days++;
      const firstDay = Date.parse(`${f.range.from}T00:00:00Z`);

      expect(report.coin).toBe(view.coin);
      const now = perBucket(start, end, view.interval, view.coin);
      const before = perBucket(firstDay - days * DAY, firstDay - 1, view.interval, view.coin);
      expect(report.commissionTrend).toHaveLength(Math.max(now.length, before.length));
      report.commissionTrend.forEach((p, k) => {
        expect(p.position).toBe(k);
        expect(p.coin).toBe(view.coin);
        expect(p.bucket).toBe(now[k]?.bucket ?? null);
        expect(p.previousBucket).toBe(before[k]?.bucket ?? null);
        expect(p.state).toBe(now[k]?.state ?? null);
        expect(p.previousState).toBe(before[k]?.state ?? null);
        // Not synced (or no bucket at this position): no figure, never a zero.
        if (now[k] && now[k].state !== "uncovered") expect(now[k].commission.equals(p.commission ?? "x")).toBe(true);
        else expect(p.commission).toBeNull();
        if (before[k] && before[k].state !== "uncovered") expect(before[k].commission.equals(p.previousCommission ?? "x")).toBe(true);
        else expect(p.previousCommission).toBeNull();
      });
      if (view.interval === "month") {
        // The previous period starts before history: months not synced, the month history starts in partly synced.
        expect(report.commissionTrend.map((p) => p.previousState)).toEqual(["uncovered", "uncovered", "uncovered", "uncovered", "partial", "covered", "covered"].slice(0, report.commissionTrend.length));
      }
      expect(now.some((b) => b.commission.gt(0)) && before.some((b) => b.commission.gt(0))).toBe(true);

      const invitees = top(start, end, view.coin, (r) => r.uid);
      expect(invitees).toHaveLength(TOP_N);
      expect(report.topInvitees.map((r) => r.uid)).toEqual(invitees.map(([uid]) => uid));
      report.topInvitees.forEach((r, i) => {
        expect(r.coin).toBe(view.coin);
        expect(invitees[i]?.[1].commission.equals(r.commission)).toBe(true);
        expect(invitees[i]?.[1].volume.equals(r.volume)).toBe(true);
      });
      const symbols = top(start, end, view.coin, (r) => r.symbol);
      expect(report.topSymbols.map((r) => r.symbol)).toEqual(symbols.map(([s]) => s));
      report.topSymbols.forEach((r, i) => {
        expect(symbols[i]?.[1].commission.equals(r.commission)).toBe(true);
        expect(symbols[i]?.[1].volume.equals(r.volume)).toBe(true);
      });

      const inRange = items.filter((r) => r.date >= start && r.date <= end);
      const coins = [...new Set(inRange.map((r) => r.coin))];
      expect(report.coins.map((c) => c.coin).sort()).toEqual(coins.sort());
      for (const c of report.coins) {
        const rows = inRange.filter((r) => r.coin === c.coin);
        expect(c.items).toBe(rows.length);
        expect(rows.reduce((a, r) => a.plus(r.commission), new Decimal(0)).equals(c.commission)).toBe(true);
        expect(rows.reduce((a, r) => a.plus(r.fee), new Decimal(0)).equals(c.fee)).toBe(true);
        expect(rows.reduce((a, r) => a.plus(r.takerAmount).plus(r.makerAmount), new Decimal(0)).equals(c.volume)).toBe(true);
      }
      expect(report.coins.map((c) => c.items)).toEqual([...report.coins.map((c) => c.items)].sort((a, b) => b - a));

      const signups = users.filter((u) => u.registerTime >= start && u.registerTime <= end);
      const hours = (a: number, b: number) => (b - a) / 3_600_000;
      expect(report.funnel.registered).toBe(signups.length);
      expect(report.funnel.kyc).toBe(signups.filter((u) => u.kycResult).length);
      expect(report.funnel.deposited).toBe(signups.filter((u) => u.firstDeposit !== null).length);
      expect(report.funnel.traded).toBe(signups.filter((u) => u.firstTrade !== null).length);
      const toDeposit = median(signups.flatMap((u) => (u.firstDeposit === null ? [] : [hours(u.registerTime, u.firstDeposit)])));
      const toTrade = median(signups.flatMap((u) => (u.firstTrade === null || u.firstDeposit === null ? [] : [hours(u.firstDeposit, u.firstTrade)])));
      expect(report.funnel.medianHoursToDeposit ?? NaN).toBeCloseTo(toDeposit ?? NaN, 6);
      expect(report.funnel.medianHoursDepositToTrade ?? NaN).toBeCloseTo(toTrade ?? NaN, 6);
      expect(report.funnel.registered).toBeGreaterThan(0);
    }, 60_000);
  });
}

suite("PGlite", async () => ({ handle: await createDb({ dataDir: "memory" }) }));
suite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  return { handle: await createDb({ url: pg.url }), cleanup: pg.drop };
});
