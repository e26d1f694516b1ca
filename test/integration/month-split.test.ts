/**
 * Per-invitee sums read through the month rollups (lib/reports/sql.ts
 * monthSplit: whole months from the rollup, partial edge months from the
 * rollup or the raw rows) equal the same sums over the raw rows, for ranges of
 * every shape: inside one month, across months with partial edges at both
 * ends, starting on a 1st or ending on a month's last day, ending today (the
 * current month's rollup holds nothing after today) and ending in the past (its
 * month holds rows after the range), with and without filters. The expected
 * figures are plain GROUP BYs over the raw rows, written here independently.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type DbHandle } from "@/lib/db/client";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/filters";
import { commissionsPerUid } from "@/lib/reports/sql";
import { tradeAssetRowBatches } from "@/lib/reports/trade-assets/sql";
import { loadCommissions, loadTradeAssetDays } from "../support/warehouse";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const world = createAffiliateWorld({ seed: 77, invitees: 220, days: 130, subAffiliates: 2, restate: false }, NOW);
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  await loadCommissions(handle.db, "c1", world, NOW);
  await loadTradeAssetDays(handle.db, "c1", world, NOW, 130);
});
afterAll(() => handle.close());

/** [label, URL parameters] of the ranges tried. */
const RANGES: Array<[string, Record<string, string>]> = [
  ["inside one month", { range: "custom", from: "2026-09-10", to: "2026-09-20" }],
  ["partial edges, ends in the past", { range: "custom", from: "2026-08-15", to: "2026-10-10" }],
  ["one whole month", { range: "custom", from: "2026-09-01", to: "2026-09-30" }],
  ["whole months, then a partial one", { range: "custom", from: "2026-08-01", to: "2026-10-17" }],
  ["partial, then whole months", { range: "custom", from: "2026-07-29", to: "2026-10-31" }],
  ["from a 1st to today", { range: "custom", from: "2026-09-01", to: "2026-11-20" }],
  ["30 days to now", { range: "30d" }],
  ["90 days to now", { range: "90d" }],
  ["12 months to now", { range: "12m" }],
];

const filtersOf = (params: Record<string, string>): ReportFilters => parseReportFilters(params, new Date(NOW));

describe("month rollups split at a range's edges", () => {
  it.each(RANGES)("commission sums per invitee and coin equal the raw items: %s", async (_label, params) => {
    const f = filtersOf(params);
    for (const dims of [{}, { product: "FUTURES" as const }, { source: "sub" as const, coin: "USDT" as const }]) {
      const got = await queryRows<{ uid: string; coin: string; fee: string; commission: string; volume: string }>(
        handle.db,
        sql`select uid, coin, sum(fee)::text as fee, sum(commission)::text as commission, sum(volume)::text as volume
            from (${commissionsPerUid("c1", f.range.startTime, f.range.endTime, dims)}) p group by uid, coin order by uid, coin`,
      );
      const conditions = [
        sql`connection_id = 'c1'`,
        sql`day >= ${new Date(f.range.startTime).toISOString()}::timestamptz`,
        sql`day <= ${new Date(f.range.endTime).toISOString()}::timestamptz`,
      ];
      if ("product" in dims) conditions.push(sql`product_type = ${dims.product}`);
      if ("source" in dims) conditions.push(sql`source_type = 2 and coin = ${dims.coin}`);
      const expected = await queryRows<{ uid: string; coin: string; fee: string; commission: string; volume: string }>(
        handle.db,
        sql`select uid, coin, sum(fee)::text as fee, sum(commission)::text as commission, sum(taker_amount + maker_amount)::text as volume
            from commission_items where ${sql.join(conditions, sql` and `)} group by uid, coin order by uid, coin`,
      );
      expect(expected.length).toBeGreaterThan(0);
      // Digit for digit: the items were only ever inserted, so no restatement left trailing zeros in a rollup.
      expect(got).toEqual(expected);
    }
  });

  it.each(RANGES)("trade-and-asset sums per invitee equal the raw days: %s", async (_label, params) => {
    const f = filtersOf(params);
    const got: string[] = [];
    for await (const batch of tradeAssetRowBatches(handle.db, "c1", f, { sort: "uid", dir: "asc" }, { batchSize: 97 })) {
      for (const r of batch) got.push([r.uid, r.depositAmount, r.withdrawalAmount, r.netDeposit, r.spotTradingAmount, r.futuresTradingAmount, r.commission].join("|"));
    }
    const expected = await queryRows<{ line: string }>(
      handle.db,
      sql`select concat_ws('|', uid, sum(deposit_amount), sum(withdrawal_amount), sum(deposit_amount) - sum(withdrawal_amount),
                           sum(spot_trading_amount), sum(futures_trading_amount), sum(commission)) as line
          from trade_asset_daily where connection_id = 'c1' and day >= ${f.range.from}::date and day <= ${f.range.to}::date
          group by uid order by uid`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(got).toEqual(expected.map((r) => r.line));
  });
});
