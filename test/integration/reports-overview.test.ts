/** The Overview's figures and comparisons against an independent computation over the same seeded data. */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters } from "@/lib/reports/filters";
import { overviewReport } from "@/lib/reports/overview/sql";
import { loadCommissions, loadInvitees, loadTradeAssetDays } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 51, invitees: 500, days: 420, subAffiliates: 4, restate: false }, NOW);
const DAY = 86_400_000;
/** Trade-and-asset days loaded: enough for a 90-day view and its previous 90 days. */
const TRADE_ASSET_DAYS = 185;
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", world, NOW);
  await loadInvitees(handle.db, "c1", world, NOW);
  await loadTradeAssetDays(handle.db, "c1", world, NOW, TRADE_ASSET_DAYS);
});
afterAll(() => handle.close());

function expected(start: number, end: number) {
  const items = world.commissionItems(NOW).filter((r) => r.date >= start && r.date <= end);
  const usdt = items.filter((r) => r.coin === "USDT");
  const sum = (rows: typeof items, pick: (r: (typeof items)[number]) => string) => rows.reduce((a, r) => a.plus(pick(r)), new Decimal(0));
  return {
    commission: sum(usdt, (r) => r.commission),
    fee: sum(usdt, (r) => r.fee),
    volume: items.reduce((a, r) => a.plus(r.takerAmount).plus(r.makerAmount), new Decimal(0)),
    traders: new Set(items.map((r) => r.uid)).size,
    invitees: world.invitedUsers(NOW).filter((u) => u.registerTime >= start && u.registerTime <= end).length,
  };
}

/** Net deposits of the whole UTC days from `start`'s day to `end`'s day, summed day by day from the world. */
function netDeposits(start: number, end: number): Decimal {
  let net = new Decimal(0);
  for (let day = Math.floor(start / DAY) * DAY; day <= end; day += DAY) {
    for (const r of world.tradeAndAsset(NOW, { startTime: day, endTime: day + DAY - 1 })) net = net.plus(r.depositAmount).minus(r.withdrawalAmount);
  }
  return net;
}

describe("overview", () => {
  it("current, previous and year-ago figures equal independent sums; the trend adds up", async () => {
    const f = parseReportFilters({ range: "30d" }, new Date(NOW));
    const report = await overviewReport(handle.db, "c1", f);
    const days = Math.round((f.range.endTime + 1 - f.range.startTime) / DAY);
    const yearAgo = (ms: number) => {
      const d = new Date(ms);
      d.setUTCFullYear(d.getUTCFullYear() - 1);
      return d.getTime();
    };
    // NOW is 15:00, so today is partial: every change compares whole days, each period without its last day
    // (lib/reports/periods.ts), and the earlier periods' figures are those days.
    const today = Date.UTC(2026, 10, 20);
    expect(report.currentWholeDays).not.toBeNull();
    const periods = [
      [report.current, expected(f.range.startTime, f.range.endTime)],
      [report.currentWholeDays!, expected(f.range.startTime, today - 1)],
      [report.previous, expected(f.range.startTime - days * DAY, f.range.startTime - 1 - DAY)],
      [report.yearAgo, expected(yearAgo(f.range.startTime), yearAgo(today) - 1)],
    ] as const;
    for (const [got, want] of periods) {
      expect(want.commission.equals(got.commission)).toBe(true);
      expect(want.fee.equals(got.netFee)).toBe(true);
      expect(want.volume.equals(got.volume)).toBe(true);
      expect(Number(got.activeTraders)).toBe(want.traders);
      expect(Number(got.newInvitees)).toBe(want.invitees);
      if (!want.fee.isZero()) expect(new Decimal(got.effectiveRate).equals(want.commission.div(want.fee).toDecimalPlaces(6))).toBe(true);
    }
    expect(new Decimal(report.yearAgo.commission).gt(0)).toBe(true);
    const trendTotal = report.trend.reduce((a, t) => a.plus(t.commission), new Decimal(0));
    expect(trendTotal.equals(report.current.commission)).toBe(true);
    expect(report.trend.reduce((n, t) => n + t.newInvitees, 0)).toBe(Number(report.current.newInvitees));
  });

  it.each(["7d", "30d", "90d", "mtd", "custom"])("%s: the previous period by its preset's rule, whole days only, for every figure", async (range) => {
    const params = range === "custom" ? { range, from: "2026-09-01", to: "2026-09-30" } : { range };
    const f = parseReportFilters(params, new Date(NOW));
    const report = await overviewReport(handle.db, "c1", f);
    // Counted here by walking the calendar, not by the report's own period arithmetic.
    let days = 0;
    for (let d = Date.parse(`${f.range.from}T00:00:00Z`); new Date(d).toISOString().slice(0, 10) <= f.range.to; d += DAY) days++;
    const firstDay = Date.parse(`${f.range.from}T00:00:00Z`);
    // Rolling ranges: as many days right before; MTD on 20 Nov: 1–20 Oct. A range reaching today (all but the past
    // custom one) leaves its partial today out of changes, and so the earlier period's last day (1–19 Oct for MTD).
    const partial = range !== "custom" ? DAY : 0;
    const previous = range === "mtd" ? { start: Date.UTC(2026, 9, 1), end: Date.UTC(2026, 9, 20) - 1 } : { start: firstDay - days * DAY, end: firstDay - 1 - partial };
    const want = expected(previous.start, previous.end);
    expect(report.previous.commission).toSatisfy((v: string) => want.commission.equals(v));
    expect(report.previous.netFee).toSatisfy((v: string) => want.fee.equals(v));
    expect(report.previous.volume).toSatisfy((v: string) => want.volume.equals(v));
    expect(Number(report.previous.activeTraders)).toBe(want.traders);
    expect(Number(report.previous.newInvitees)).toBe(want.invitees);
    expect(report.previous.netDeposits).toSatisfy((v: string) => netDeposits(previous.start, previous.end).equals(v));
    expect(report.current.netDeposits).toSatisfy((v: string) => netDeposits(f.range.startTime, f.range.endTime).equals(v));
  });
});
