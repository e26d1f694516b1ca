/**
 * Issue 24, defect 1: what the Sub-affiliate report says about money, against
 * truth computed here from the sandbox world's raw rows (its commission items,
 * sub-affiliate records, and — the world's own knowledge the interface never
 * gives — which sub-affiliate brought which invitee), on PGlite and PostgreSQL.
 * Net fee − paid commission is what is left after the sub's share: it holds the
 * exchange's part, so it is more than the affiliate's override from that sub.
 * The affiliate's commission over sub-agents is its sourceType 2 USDT items,
 * exact in total; this sub's part is the pro rata estimate the page labels so.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { parseReportFilters } from "@/lib/reports/filters";
import { subAffiliateDetailReport } from "@/lib/reports/sub-affiliate/sql";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { temporaryPostgres } from "../support/postgres";
import { loadCommissions, loadInvitees, loadSubAffiliates } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 43, invitees: 500, days: 150, subAffiliates: 4, restate: false }, NOW);
const records = world.subAffiliateRecords(NOW);
const items = world.commissionItems(NOW);
const subOf = new Map(world.invitedUsers(NOW).map((u) => [u.uid, u.subAffiliateUid]));
const ZERO = new Decimal(0);
const sum = (values: Iterable<Decimal.Value>) => [...values].reduce<Decimal>((a, v) => a.plus(v), ZERO);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const exact = (actual: string, expected: Decimal, what: string) => expect(new Decimal(actual).equals(expected), `${what}: ${actual} ≠ ${expected.toFixed()}`).toBe(true);
const volumeOf = (uid: string) => sum(records.filter((r) => r.subAffiliateUid === uid).map((r) => r.netTradingFee));
const SUBS = [...new Set(records.map((r) => r.subAffiliateUid))].sort((a, b) => volumeOf(b).comparedTo(volumeOf(a)));

function suite(name: string, open: () => Promise<{ handle: DbHandle; cleanup?: () => Promise<void> }>) {
  describe(`the sub-affiliate's money on ${name}`, () => {
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

    it.each([
      ["60 days", { range: "60d" }],
      ["a past range, futures only", { range: "custom", from: "2026-08-03", to: "2026-10-17", product: "FUTURES" }],
    ])("left after the sub's share, the override total and its estimate equal the raw rows (%s)", async (_label, params) => {
      const f = parseReportFilters(params, new Date(NOW));
      const inDays = (day: string) => day >= f.range.from && day <= f.range.to;
      const inProduct = (p: string) => !f.product || p === f.product;
      // The affiliate's own sourceType 2 USDT items on the range's UTC days: its whole override over sub-agents.
      const overrideItems = items.filter((i) => i.sourceType === 2 && i.coin === "USDT" && inDays(isoDay(i.date)) && inProduct(i.productType));
      const perDay = (rows: readonly { key: string; value: Decimal.Value }[]) => {
        const out = new Map<string, Decimal>();
        for (const r of rows) out.set(r.key, (out.get(r.key) ?? ZERO).plus(r.value));
        return out;
      };
      const commissionPerDay = perDay(overrideItems.map((i) => ({ key: `${isoDay(i.date)} ${i.productType}`, value: i.commission })));
      const everyoneFee = perDay(records.filter((r) => inDays(r.date) && inProduct(r.productType)).map((r) => ({ key: `${r.date} ${r.productType}`, value: r.netTradingFee })));
      let checkedSubs = 0;
      for (const sub of SUBS.slice(0, 3)) {
        const report = await subAffiliateDetailReport(handle.db, "c1", f, new URLSearchParams({ uid: sub }));
        const mine = records.filter((r) => r.subAffiliateUid === sub && inDays(r.date) && inProduct(r.productType));
        if (mine.length === 0) continue;
        checkedSubs++;
        const fee = sum(mine.map((r) => r.netTradingFee));
        const paid = sum(mine.map((r) => r.paidCommission));
        exact(report.totals.afterSubShare, fee.minus(paid), `${sub}: left after the sub's share`);
        exact(report.override.allSubAgents, sum(overrideItems.map((i) => i.commission)), `${sub}: your commission via all sub-agents`);
        // The estimate as the page defines it: per UTC day and product, the day's override × this sub's part of all subs' net fee.
        const mineFee = perDay(mine.map((r) => ({ key: `${r.date} ${r.productType}`, value: r.netTradingFee })));
        let estimate = ZERO;
        for (const [key, subFee] of mineFee) {
          const whole = everyoneFee.get(key) ?? ZERO;
          if (!whole.isZero()) estimate = estimate.plus((commissionPerDay.get(key) ?? ZERO).times(subFee).div(whole));
        }
        exact(report.override.estimate, estimate.toDecimalPlaces(8, Decimal.ROUND_HALF_UP), `${sub}: override estimate`);
        // The truth the interface never gives: this sub's invitees' sourceType 2 items. What is left after the sub's share
        // holds the exchange's part too, so it is more than the override: it is not the affiliate's money.
        const trueOverride = sum(overrideItems.filter((i) => subOf.get(i.uid) === sub).map((i) => i.commission));
        expect(trueOverride.gt(0), `${sub} earned the affiliate something`).toBe(true);
        expect(fee.minus(paid).gt(trueOverride), `${sub}: left after its share ${fee.minus(paid).toFixed()} > override ${trueOverride.toFixed()}`).toBe(true);
        expect(new Decimal(report.override.allSubAgents).gte(trueOverride)).toBe(true);
      }
      expect(checkedSubs).toBeGreaterThan(1);
    });
  });
}

suite("PGlite", async () => ({ handle: await createDb({ dataDir: "memory" }) }));
suite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  return { handle: await createDb({ url: pg.url }), cleanup: pg.drop };
});
