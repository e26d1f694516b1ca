/**
 * Report latency at scale: every report timed over 30, 90 and 365 days on a
 * warehouse of about one million commission items, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL's server, a throwaway database), for two data shapes
 * (bench/report-data.ts):
 * - uniform: generated in SQL, 20 000 invitees all active every month — the
 *   worst case for the per-invitee month rollups;
 * - realistic: the sandbox's own affiliate world scaled up to about --items
 *   items (few heavy traders, activity decaying), loaded through the ordinary
 *   inserts in batches.
 * Prints p50 and p95 per report and range, the worst p95, the rollup sizes, and
 * the time the same commission items would take to page live from the
 * exchange at the default weight budget, for the ratio; then a summary.
 *
 * Every fill inserts through the same triggers as every writer, so the rollups
 * (lib/db/schema.ts) are exactly what the app would hold; then VACUUM ANALYZE,
 * as the app's upkeep does on PGlite after sync writes (lib/db/upkeep.ts) and
 * autovacuum on PostgreSQL. Each shape gets a fresh database.
 *
 * The invitee directory (lib/reports/invitees/directory.ts) is timed on its own
 * too: a search by uid prefix, and the sort by the range's commission over 30
 * days and 12 months (every invitee's sum, then a page).
 *
 * PGlite runs as the app runs it, on disk in a data folder (a temporary one,
 * removed afterwards); `--pglite memory` (or `both`) times it in memory too.
 *
 * `--keep` leaves the PostgreSQL database (its URL printed) and the PGlite data
 * folder (its path printed) for EXPLAIN (ANALYZE, BUFFERS) over the same rows
 * (bench/explain-reports.ts); remove them yourself afterwards.
 *
 * `--reuse <PGlite folder | PostgreSQL URL>` times such a kept warehouse again as
 * it is (migrated to the current schema; no fill), e.g. after a code change.
 *
 *   npm run bench:reports -- [--items 1000000] [--runs 20] [--only pglite|postgres] [--shape uniform|realistic|both] [--pglite disk|memory|both] [--keep] [--reuse <folder|url>]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDb, queryRows, type DbHandle } from "../lib/db/client";
import { WAREHOUSE_TABLES } from "../lib/db/upkeep";
import { commissionReport } from "../lib/reports/commissions/sql";
import { parseReportFilters } from "../lib/reports/filters";
import { rosterQuerySchema } from "../lib/reports/invitees/contract";
import { tradeAssetQuerySchema } from "../lib/reports/trade-assets/contract";
import { directoryPage } from "../lib/reports/invitees/directory";
import { inviteeReport } from "../lib/reports/invitees/sql";
import { overviewReport } from "../lib/reports/overview/sql";
import { subAffiliateReport } from "../lib/reports/sub-affiliates/sql";
import { tradeAssetReport } from "../lib/reports/trade-assets/sql";
import { ENDPOINTS } from "../lib/weex/endpoints";
import { temporaryPostgres } from "../test/support/postgres";
import { fillRealistic, fillUniform, SHAPES, type FillSummary, type Shape } from "./report-data";
import { entityCases } from "./entity-cases";
import { flagNumber, fmt, percentile } from "./stats";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const items = flagNumber(args, "items", 1_000_000);
const runs = flagNumber(args, "runs", 20);
const only = flag("only");
if (only !== undefined && only !== "pglite" && only !== "postgres") throw new Error("--only takes pglite or postgres");
const shapeFlag = flag("shape") ?? "both";
const isShape = (s: string): s is Shape => (SHAPES as readonly string[]).includes(s);
if (shapeFlag !== "both" && !isShape(shapeFlag)) throw new Error("--shape takes uniform, realistic or both");
const shapes: readonly Shape[] = isShape(shapeFlag) ? [shapeFlag] : SHAPES;
const pgliteFlag = flag("pglite") ?? "disk";
if (pgliteFlag !== "disk" && pgliteFlag !== "memory" && pgliteFlag !== "both") throw new Error("--pglite takes disk, memory or both");
const pgliteModes = pgliteFlag === "both" ? (["disk", "memory"] as const) : [pgliteFlag];
const keep = args.includes("--keep");
const CONN = "bench";
/** One clock for the whole run: the realistic world ends here and every report's range is read at it. */
const NOW = Date.now();

interface Timing {
  label: string;
  p50: number;
  p95: number;
}
const summary: Array<{ database: string; shape: Shape; worst: Timing }> = [];

async function fill(handle: DbHandle, shape: Shape): Promise<FillSummary> {
  const { db } = handle;
  const t = performance.now();
  const filled = shape === "uniform" ? await fillUniform(db, CONN, items) : await fillRealistic(db, CONN, items, NOW);
  await db.execute(sql`vacuum analyze`);
  console.log(`  ${filled.description}`);
  console.log(`  filled ${filled.items} commission items and the other tables in ${fmt((performance.now() - t) / 1000, 1)} s`);
  const sizes = await queryRows<{ sizes: string }>(
    db,
    sql.raw(`select concat_ws(', ', ${WAREHOUSE_TABLES.filter((t) => t !== "sync_state").map((t) => `'${t} ' || (select count(*) from ${t})`).join(", ")}) as sizes`),
  );
  console.log(`  rows: ${sizes[0]?.sizes}`);
  return filled;
}

/** A kept warehouse (--reuse): timed again as it is, after a code change, without the fill. */
async function reuse(handle: DbHandle): Promise<FillSummary> {
  const rows = await queryRows<{ items: string; invitees: string }>(
    handle.db,
    sql`select (select count(*) from commission_items where connection_id = ${CONN})::text as items,
               (select count(*) from invited_users where connection_id = ${CONN})::text as invitees`,
  );
  const r = rows[0];
  console.log(`  ${r?.items} commission items, ${r?.invitees} invitees`);
  return { items: Number(r?.items ?? 0), description: "kept" };
}

async function time(label: string, run: () => Promise<unknown>): Promise<Timing> {
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

async function bench(database: string, shape: Shape, handle: DbHandle, reused = false): Promise<void> {
  console.log(`\n${database} — shape: ${shape}${reused ? " (a kept warehouse, reused as it is)" : ""}`);
  const filled = reused ? await reuse(handle) : await fill(handle, shape);
  const results: Timing[] = [];
  for (const range of ["30d", "90d", "12m"] as const) {
    const f = parseReportFilters({ range }, new Date(NOW));
    results.push(
      await time(`overview ${range}`, () => overviewReport(handle.db, CONN, f)),
      await time(`commissions ${range}`, () => commissionReport(handle.db, CONN, f)),
      await time(`sub-affiliates ${range}`, () => subAffiliateReport(handle.db, CONN, f)),
      await time(`invitees ${range}`, () => inviteeReport(handle.db, CONN, f, rosterQuerySchema.parse({}), NOW)),
      await time(`trade & assets ${range}`, () => tradeAssetReport(handle.db, CONN, f, tradeAssetQuerySchema.parse({}))),
    );
    for (const [label, run] of await entityCases(handle.db, CONN, f, NOW)) results.push(await time(`${label} ${range}`, run));
  }
  // The directory: a uid prefix typed into the search (six digits of a real uid), and the sort by commission.
  const someUid = (await queryRows<{ uid: string }>(handle.db, sql`select uid from invited_users where connection_id = ${CONN} order by uid offset 1000 limit 1`))[0]?.uid ?? "1";
  for (const range of ["30d", "12m"] as const) {
    const f = parseReportFilters({ range }, new Date(NOW));
    results.push(
      await time(`directory search ${range}`, () => directoryPage(handle.db, CONN, f, rosterQuerySchema.parse({ q: someUid.slice(0, 6) }), NOW)),
      await time(`directory by commission ${range}`, () => directoryPage(handle.db, CONN, f, rosterQuerySchema.parse({ sort: "commission" }), NOW)),
    );
  }
  console.log(`  [${database}, ${shape}] ${runs} runs each after one warm-up:`);
  for (const r of results) console.log(`  ${r.label.padEnd(24)} p50 ${fmt(r.p50, 1).padStart(8)} ms   p95 ${fmt(r.p95, 1).padStart(8)} ms`);
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`  worst p95 [${database}, ${shape}]: ${fmt(worst.p95, 1)} ms (${worst.label})`);
  summary.push({ database, shape, worst });
  // The same commission figures paged live: every item of the warehouse, 100 a page, at the default budget.
  const endpoint = ENDPOINTS.getAffiliateCommission;
  const pages = Math.ceil(filled.items / 100);
  const seconds = (pages * endpoint.weight.uid) / (500 / 10);
  console.log(
    `  live paging of the same ${filled.items} items: ${pages} pages × ${endpoint.weight.uid} weight at 500 per 10 s ≥ ${fmt(seconds, 0)} s (budget-bound), ${fmt((seconds * 1000) / worst.p95, 0)}× the worst p95 here`,
  );
}

const reuseAt = flag("reuse");
if (reuseAt !== undefined) {
  // One kept warehouse (a --keep run's PGlite folder or PostgreSQL URL), migrated to this code's schema and timed.
  const handle = await createDb(/^postgres(ql)?:/.test(reuseAt) ? { url: reuseAt } : { dataDir: reuseAt });
  try {
    await bench(/^postgres(ql)?:/.test(reuseAt) ? "PostgreSQL" : "PGlite (embedded, on disk)", "realistic", handle, true);
  } finally {
    await handle.close();
  }
  process.exit(0);
}
console.log(`bench:reports — about ${items} commission items, ${runs} runs per report and range, shapes: ${shapes.join(", ")}`);
if (only !== "postgres") {
  for (const mode of pgliteModes) {
    for (const shape of shapes) {
      // On disk as the app keeps it (DATA_DIR/pglite), or in memory.
      const dir = mode === "disk" ? mkdtempSync(path.join(tmpdir(), "rd-bench-pglite-")) : null;
      const handle = await createDb({ dataDir: dir ?? "memory" });
      try {
        await bench(mode === "disk" ? "PGlite (embedded, on disk)" : "PGlite (embedded, in memory)", shape, handle);
      } finally {
        await handle.close();
        if (dir && keep) console.log(`  kept the PGlite data folder: ${dir}`);
        else if (dir) rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
if (only !== "pglite") {
  for (const shape of shapes) {
    const pg = await temporaryPostgres();
    const handle = await createDb({ url: pg.url });
    try {
      await bench("PostgreSQL", shape, handle);
    } finally {
      await handle.close();
      if (keep) console.log(`  kept the database: ${pg.url}`);
      else await pg.drop();
    }
  }
}
console.log("\nworst p95 per shape and database:");
for (const s of summary) console.log(`  ${s.shape.padEnd(10)} ${s.database.padEnd(30)} ${fmt(s.worst.p95, 1).padStart(8)} ms (${s.worst.label})`);
// A kept database leaves its admin connection open (it would drop it): end the process here.
if (keep) process.exit(0);
