/** The Sub-affiliates report against an independent decimal.js computation over the same seeded records. */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters } from "@/lib/reports/filters";
import { subAffiliateReport } from "@/lib/reports/sub-affiliates/sql";
import { loadSubAffiliates } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 21, invitees: 400, days: 120, subAffiliates: 6, restate: false }, NOW);
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadSubAffiliates(handle.db, "c1", world, NOW);
});
afterAll(() => handle.close());

const records = world.subAffiliateRecords(NOW);

describe("sub-affiliate report", () => {
  it("ranking, shares and totals equal the records' sums digit for digit", async () => {
    const f = parseReportFilters({ range: "90d", product: "FUTURES" }, new Date(NOW));
    const rows = records.filter((r) => r.productType === "FUTURES" && r.date >= f.range.from && r.date <= f.range.to);
    const report = await subAffiliateReport(handle.db, "c1", f);
    const bySub = new Map<string, { volume: Decimal; fee: Decimal; paid: Decimal; days: Set<string> }>();
    for (const r of rows) {
      const e = bySub.get(r.subAffiliateUid) ?? { volume: new Decimal(0), fee: new Decimal(0), paid: new Decimal(0), days: new Set<string>() };
      e.volume = e.volume.plus(r.tradingVolume);
      e.fee = e.fee.plus(r.netTradingFee);
      e.paid = e.paid.plus(r.paidCommission);
      e.days.add(r.date);
      bySub.set(r.subAffiliateUid, e);
    }
    const total = [...bySub.values()].reduce((a, e) => a.plus(e.volume), new Decimal(0));
    expect(report.ranking.map((r) => r.subAffiliateUid)).toEqual(
      [...bySub].sort((a, b) => b[1].volume.comparedTo(a[1].volume) || a[0].localeCompare(b[0])).map(([k]) => k),
    );
    for (const r of report.ranking) {
      const e = bySub.get(r.subAffiliateUid)!;
      expect(e.volume.equals(r.tradingVolume) && e.fee.equals(r.netTradingFee) && e.paid.equals(r.paidCommission)).toBe(true);
      expect(new Decimal(r.volumeShare).equals(e.volume.div(total).toDecimalPlaces(6, Decimal.ROUND_HALF_UP))).toBe(true);
      expect(r.activeDays).toBe(e.days.size);
    }
    expect(total.equals(report.totals.tradingVolume)).toBe(true);
    expect(report.totals.subAffiliates).toBe(bySub.size);
    const seriesTotal = report.series.reduce((a, p) => a.plus(p.paidCommission), new Decimal(0));
    expect(seriesTotal.equals(report.totals.paidCommission)).toBe(true);
  });

  it("each sub-affiliate's previous volume and change compare whole days: 90 days to 15:00 today against the 90 before, each without its last day", async () => {
    const f = parseReportFilters({ range: "90d" }, new Date(NOW));
    const report = await subAffiliateReport(handle.db, "c1", f);
    // Written out from NOW (2026-11-20 15:00): the range is 23 Aug – 20 Nov; its whole days end on the 19th; the
    // previous 90 days (25 May – 22 Aug) leave out the 22nd.
    expect([f.range.from, f.range.to]).toEqual(["2026-08-23", "2026-11-20"]);
    const volumeOf = (sub: string, from: string, to: string) =>
      records.filter((r) => r.subAffiliateUid === sub && r.date >= from && r.date <= to).reduce((a, r) => a.plus(r.tradingVolume), new Decimal(0));
    expect(records.some((r) => r.date === "2026-11-20" && Number(r.tradingVolume) > 0), "today has volume: leaving it out is visible").toBe(true);
    expect(report.ranking.length).toBeGreaterThan(1);
    for (const r of report.ranking) {
      const before = volumeOf(r.subAffiliateUid, "2026-05-25", "2026-08-21");
      const now = volumeOf(r.subAffiliateUid, "2026-08-23", "2026-11-19");
      expect(before.equals(r.previousTradingVolume), `${r.subAffiliateUid} previous ${r.previousTradingVolume} ≠ ${before.toFixed()}`).toBe(true);
      const change = before.isZero() ? null : now.minus(before).div(before.abs()).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
      expect(r.volumeChange === null ? null : new Decimal(r.volumeChange).toFixed(6), r.subAffiliateUid).toBe(change);
    }
  });

  it("one sub-affiliate, monthly buckets", async () => {
    const sub = records[0]!.subAffiliateUid;
    const f = parseReportFilters({ range: "90d", sub, interval: "month" }, new Date(NOW));
    const report = await subAffiliateReport(handle.db, "c1", f);
    expect(report.ranking.map((r) => r.subAffiliateUid)).toEqual([sub]);
    const mine = records.filter((r) => r.subAffiliateUid === sub && r.date >= f.range.from && r.date <= f.range.to);
    expect(mine.reduce((a, r) => a.plus(r.tradingVolume), new Decimal(0)).equals(report.totals.tradingVolume)).toBe(true);
    expect(report.buckets.length).toBeLessThanOrEqual(4);
  });
});
