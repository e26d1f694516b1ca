/**
 * The Trade & assets report against the sandbox's own range totals: summing
 * per-day records over a range must give what the endpoint answers for the
 * whole range at once, digit for digit.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters } from "@/lib/reports/filters";
import { tradeAssetQuerySchema } from "@/lib/reports/trade-assets/contract";
import { tradeAssetReport } from "@/lib/reports/trade-assets/sql";
import { loadTradeAssetDays } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 41, invitees: 300, days: 90, subAffiliates: 3, restate: false }, NOW);
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadTradeAssetDays(handle.db, "c1", world, NOW, 45);
});
afterAll(() => handle.close());

describe("trade & assets report", () => {
  it("per-invitee totals over 30 days equal the endpoint's own 30-day totals; top-10 share is exact", async () => {
    const f = parseReportFilters({ range: "30d" }, new Date(NOW));
    const expected = world.tradeAndAsset(NOW, { startTime: Date.parse(`${f.range.from}T00:00:00Z`), endTime: f.range.endTime });
    const report = await tradeAssetReport(handle.db, "c1", f, tradeAssetQuerySchema.parse({ pageSize: 200 }));
    const active = expected.filter((r) => [r.depositAmount, r.withdrawalAmount, r.spotTradingAmount, r.futuresTradingAmount, r.commission].some((v) => !new Decimal(v).isZero()));
    expect(report.total).toBeGreaterThanOrEqual(active.length);
    const byUid = new Map(report.rows.map((r) => [r.uid, r]));
    for (const e of active) {
      const got = byUid.get(e.uid);
      expect(got, e.uid).toBeDefined();
      for (const key of ["depositAmount", "withdrawalAmount", "spotTradingAmount", "futuresTradingAmount", "commission"] as const) {
        expect(new Decimal(got![key]).equals(e[key]), `${e.uid} ${key}`).toBe(true);
      }
      expect(new Decimal(got!.netDeposit).equals(new Decimal(e.depositAmount).minus(e.withdrawalAmount))).toBe(true);
    }
    const commissions = active.map((r) => new Decimal(r.commission)).sort((a, b) => b.comparedTo(a));
    const total = commissions.reduce((a, c) => a.plus(c), new Decimal(0));
    const top = commissions.slice(0, 10).reduce((a, c) => a.plus(c), new Decimal(0));
    expect(top.equals(report.top10.commission)).toBe(true);
    expect(new Decimal(report.top10.share).equals(top.div(total).toDecimalPlaces(6, Decimal.ROUND_HALF_UP))).toBe(true);
    expect(total.equals(report.totals.commission)).toBe(true);
    const sorted = report.rows.map((r) => new Decimal(r.commission));
    for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]!.gte(sorted[i]!)).toBe(true);
  });
});
