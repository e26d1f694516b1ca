/** The Sub-affiliates report against an independent decimal.js computation over the same seeded records. */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters } from "@/lib/reports/filters";
import { subAffiliateReport } from "@/lib/reports/sub-affiliates";
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
