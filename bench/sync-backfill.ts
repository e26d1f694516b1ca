/**
 * Warehouse sync benchmark against the sandbox, into PGlite in memory:
 *  1. backfill throughput: a fresh sync of every report, with the sandbox and
 *     our client both enforcing `--budget` weight per `--window-ms` (a small
 *     window so the run takes about a minute). Prints the weight spent per
 *     second divided by the budget (aim ≥ 0.9) and the 429s (must be 0).
 *  2. steady state: incremental runs after the clock moved by one sync interval
 *     (60 s), an hour and a day (a new day's items appear): pages read ÷ the minimum pages needed for the rows
 *     that were new or changed (Σ per report of ceil(rows / 100), at least one).
 *
 *   npm run bench:sync -- [--invitees 1500] [--days 400] [--budget 500] [--window-ms 2000]
 */
import { createDb } from "../lib/db/client";
import { startSandbox } from "../lib/sandbox";
import { syncConnection } from "../lib/sync/engine";
import type { SyncRunResult } from "../lib/sync/status";
import { WeightBudget } from "../lib/weex/budget";
import { WeexClient } from "../lib/weex/client";
import { flagNumber, fmt } from "./stats";

const args = process.argv.slice(2);
const invitees = flagNumber(args, "invitees", 1_500);
const days = flagNumber(args, "days", 400);
const limit = flagNumber(args, "budget", 500);
const windowMs = flagNumber(args, "window-ms", 2_000);

// The sandbox's rate limiter runs on this clock too: it must tick. Incremental runs jump it forward.
let offset = 0;
const now = () => Date.now() + offset;
const sandbox = await startSandbox({ invitees, days, seed: 42, budget: limit, windowMs, now });
const client = new WeexClient({
  spotBaseUrl: sandbox.url,
  contractBaseUrl: sandbox.url,
  credentials: { apiKey: sandbox.options.apiKey, secret: sandbox.options.secret, passphrase: sandbox.options.passphrase },
  budget: new WeightBudget({ ipLimit: limit, uidLimit: limit, windowMs }),
});
await client.syncClock();
const db = await createDb({ dataDir: "memory" });
const budgetPerSecond = limit / (windowMs / 1000);

const started = performance.now();
const backfill = await syncConnection({ db: db.db, client, connectionId: "bench", now });
const elapsed = (performance.now() - started) / 1000;
console.log(`sync backfill: ${invitees} invitees over ${days} days, 365 days of history, budget ${limit} weight per ${windowMs} ms (IP and UID)`);
console.log(`  ${backfill.pages} pages, ${backfill.rowsAdded} rows, weight ${backfill.weight} in ${fmt(elapsed, 1)} s (${fmt(backfill.waitedMs / 1000, 1)} s waiting for budget room)`);
console.log(`  achieved ${fmt(backfill.weight / elapsed, 1)} weight/s of ${fmt(budgetPerSecond, 1)}: ratio ${fmt(backfill.weight / elapsed / budgetPerSecond, 3)}`);
console.log(`  429s from the sandbox: ${sandbox.limiter.stats.tooMany}, 418s: ${sandbox.limiter.stats.banned}, report errors: ${backfill.reports.filter((r) => r.error).length}`);

function minimumPages(run: SyncRunResult): number {
  return run.reports.reduce((sum, r) => sum + Math.max(1, Math.ceil((r.rowsAdded + r.rowsChanged) / 100)), 0);
}

for (const [label, stepMs] of [
  ["one interval (60 s) later", 60_000],
  ["one hour later", 3_600_000],
  ["one day later", 86_400_000],
] as const) {
  offset += stepMs;
  const t = performance.now();
  const run = await syncConnection({ db: db.db, client, connectionId: "bench", now });
  const min = minimumPages(run);
  console.log(
    `incremental, ${label}: ${run.pages} pages (weight ${run.weight}) in ${fmt((performance.now() - t) / 1000, 2)} s for ${run.rowsAdded} added + ${run.rowsChanged} changed rows; ` +
      `minimum ${min} pages: cost ratio ${fmt(run.pages / min, 2)}`,
  );
  for (const r of run.reports) console.log(`    ${r.report.padEnd(36)} ${String(r.pages).padStart(3)} pages  +${r.rowsAdded} / ${r.rowsChanged} changed`);
}
console.log(`  429s in total: ${sandbox.limiter.stats.tooMany}`);
await db.close();
await sandbox.close();
