/**
 * Report latency at scale: one million commission items (plus 20 000 invitees,
 * sub-affiliate days and a year of trade-and-asset days) generated in SQL, then
 * every report timed 20 times over 30, 90 and 365 days, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL's server, a throwaway database). Prints p50 and
 * p95 per report, and the time the same commission figures would take to page
 * live from the exchange at the default weight budget, for the ratio.
 *
 * The fill inserts through the same triggers as every writer, so the rollups
 * (commission_daily, commission_uid_monthly, commission_uid_coin_monthly) are
 * exactly what the app would hold; their sizes are printed.
 *
 *   npm run bench:reports -- [--items 1000000] [--runs 20] [--only pglite|postgres]
 */
import { sql } from "drizzle-orm";
import { createDb, queryRows, type DbHandle } from "../lib/db/client";
import { commissionReport } from "../lib/reports/commissions";
import { parseReportFilters } from "../lib/reports/filters";
import { inviteeReport, rosterQuerySchema } from "../lib/reports/invitees";
import { overviewReport } from "../lib/reports/overview";
import { subAffiliateReport } from "../lib/reports/sub-affiliates";
import { tradeAssetQuerySchema, tradeAssetReport } from "../lib/reports/trade-assets";
import { ENDPOINTS } from "../lib/weex/endpoints";
import { temporaryPostgres } from "../test/support/postgres";
import { flagNumber, fmt, percentile } from "./stats";

const args = process.argv.slice(2);
const items = flagNumber(args, "items", 1_000_000);
const runs = flagNumber(args, "runs", 20);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const CONN = "bench";
const DAYS = 400;
const perDay = Math.ceil(items / DAYS);

async function fill(handle: DbHandle): Promise<void> {
  const { db } = handle;
  const t = performance.now();
  // Natural keys stay unique: within one day, uids are consecutive numbers.
  await db.execute(sql`
    insert into commission_items (connection_id, uid, day, coin, product_type, symbol, source_type, fee, commission, rate, taker_amount, maker_amount)
    select ${CONN}, (1000000000 + g % 20000)::text,
           date_trunc('day', now()) - ((g / ${perDay})::int * interval '1 day'),
           case when g % 10 = 0 then 'BTC' else 'USDT' end,
           case when g % 3 = 0 then 'SPOT' else 'FUTURES' end,
           (array['BTCUSDT','ETHUSDT','SOLUSDT','XRPUSDT','DOGEUSDT'])[1 + (g / 20000) % 5],
           1 + (g % 4 = 0)::int,
           round((g % 997) * 0.01370001, 8), round((g % 997) * 0.01370001, 8) * 0.35, 0.35,
           round((g % 991) * 13.7, 2), round((g % 983) * 7.3, 2)
    from generate_series(0, ${items - 1}) g`);
  await db.execute(sql`
    insert into invited_users (connection_id, uid, register_time, kyc_result, invite_code, first_deposit, last_deposit, first_trade, last_trade)
    select ${CONN}, (1000000000 + g)::text, now() - (g % 400) * interval '1 day', g % 5 < 3, 'CODE' || (g % 7),
           case when g % 3 = 0 then now() - (g % 400) * interval '1 day' + interval '2 hours' end, null,
           case when g % 4 = 0 then now() - (g % 400) * interval '1 day' + interval '1 day' end,
           case when g % 4 = 0 then now() - (g % 60) * interval '1 day' end
    from generate_series(0, 19999) g`);
  await db.execute(sql`
    insert into sub_affiliate_daily (connection_id, sub_affiliate_uid, product_type, day, trading_volume, net_trading_fee, paid_commission)
    select ${CONN}, (200000000 + s)::text, p, (current_date - d), round(s * 1000.5 + d, 2), round(s * 1.25 + d * 0.01, 8), round(s * 0.5 + d * 0.004, 8)
    from generate_series(0, 14) s, generate_series(0, ${DAYS - 1}) d, unnest(array['SPOT','FUTURES']) p`);
  await db.execute(sql`
    insert into trade_asset_daily (connection_id, uid, day, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission)
    select ${CONN}, (1000000000 + u)::text, (current_date - d), round(u * 3.5, 2), round(u * 1.5, 2), round(u * 100.25, 2), round(u * 400.75, 2), round(u * 0.0125, 8)
    from generate_series(0, 1999) u, generate_series(0, 364) d where (u + d) % 5 = 0`);
  await db.execute(sql`analyze`);
  console.log(`  filled ${items} commission items and the other tables in ${fmt((performance.now() - t) / 1000, 1)} s`);
  const sizes = await queryRows<{ daily: string; wide: string; narrow: string }>(
    db,
    sql`select (select count(*) from commission_daily)::text as daily, (select count(*) from commission_uid_monthly)::text as wide,
               (select count(*) from commission_uid_coin_monthly)::text as narrow`,
  );
  const z = sizes[0];
  console.log(`  rollups: commission_daily ${z?.daily} rows, commission_uid_monthly ${z?.wide}, commission_uid_coin_monthly ${z?.narrow}`);
}

async function time(label: string, run: () => Promise<unknown>): Promise<{ label: string; p50: number; p95: number }> {
  await run(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function bench(name: string, handle: DbHandle): Promise<void> {
  console.log(`\n${name}`);
  await fill(handle);
  const results = [];
  for (const range of ["30d", "90d", "12m"] as const) {
    const f = parseReportFilters({ range });
    results.push(
      await time(`overview ${range}`, () => overviewReport(handle.db, CONN, f)),
      await time(`commissions ${range}`, () => commissionReport(handle.db, CONN, f)),
      await time(`sub-affiliates ${range}`, () => subAffiliateReport(handle.db, CONN, f)),
      await time(`invitees ${range}`, () => inviteeReport(handle.db, CONN, f, rosterQuerySchema.parse({}))),
      await time(`trade & assets ${range}`, () => tradeAssetReport(handle.db, CONN, f, tradeAssetQuerySchema.parse({}))),
    );
  }
  for (const r of results) console.log(`  ${r.label.padEnd(24)} p50 ${fmt(r.p50, 1).padStart(8)} ms   p95 ${fmt(r.p95, 1).padStart(8)} ms`);
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(`  worst p95: ${fmt(worst, 1)} ms`);
  // The same commission figures paged live: every item of the range, 100 a page, at the default budget.
  const endpoint = ENDPOINTS.getAffiliateCommission;
  const pages = Math.ceil(items / 100);
  const seconds = (pages * endpoint.weight.uid) / (500 / 10);
  console.log(`  live paging of the same ${items} items: ${pages} pages × ${endpoint.weight.uid} weight at 500 per 10 s ≥ ${fmt(seconds, 0)} s (budget-bound), ${fmt((seconds * 1000) / worst, 0)}× the worst p95 here`);
}

if (only !== "postgres") {
  const handle = await createDb({ dataDir: "memory" });
  try {
    await bench("PGlite (embedded, in memory)", handle);
  } finally {
    await handle.close();
  }
}
if (only !== "pglite") {
  const pg = await temporaryPostgres();
  const handle = await createDb({ url: pg.url });
  try {
    await bench("PostgreSQL", handle);
  } finally {
    await handle.close();
    await pg.drop();
  }
}
