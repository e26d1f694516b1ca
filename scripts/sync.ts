/**
 * `npm run sync -- [--connection <id>] [--once]`: the warehouse sync as a
 * command. Without --once it runs every SYNC_INTERVAL_MS until Ctrl-C. In demo
 * mode (no WEEX_SPOT_BASE_URL) it starts its own embedded sandbox exchange.
 * `--verify [--from YYYY-MM-DD]` reads every report again and rebuilds the
 * rollups from the raw rows, printing what changed (docs/architecture.md).
 *
 * PGlite (the default database, under DATA_DIR) may be opened by ONE process:
 * while the app runs with the same DATA_DIR, use its "Sync now" (POST
 * /api/sync) instead, or give both a PostgreSQL DATABASE_URL.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDir, isDemoMode } from "../lib/config/mode";
import { closeDb, getDbHandle } from "../lib/db/client";
import { pooledClient } from "../lib/exchange/client-pool";
import { listConnections, resolveConnection } from "../lib/exchange/connections";
import { embeddedSandbox } from "../lib/exchange/embedded-sandbox";
import type { Db } from "../lib/db/client";
import { syncConnection, syncStates } from "../lib/sync/engine";
import { rebuildRollups } from "../lib/sync/rebuild-rollups";
import { REPORT_KEYS } from "../lib/sync/reports";
import type { WeexClient } from "../lib/weex/client";
import { syncSettings, upkeepAfterSync } from "../lib/sync/scheduler";

const USAGE =
  "Usage: npm run sync -- [--connection <id>] [--once]   (default: the first connection, every SYNC_INTERVAL_MS)\n" +
  "       npm run sync -- --verify [--from YYYY-MM-DD] [--connection <id>]   (read every report again from that day, default the whole\n" +
  "       history, then rebuild the rollups from the raw rows; prints what changed)";

const day = (ms: number | null | undefined) => (ms == null ? "—" : new Date(ms).toISOString().slice(0, 16).replace("T", " "));

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      options: { connection: { type: "string" }, once: { type: "boolean" }, verify: { type: "boolean" }, from: { type: "string" }, help: { type: "boolean" } },
      strict: true,
    }).values;
    if (flags.from !== undefined && (!flags.verify || !/^\d{4}-\d{2}-\d{2}$/.test(flags.from) || Number.isNaN(Date.parse(`${flags.from}T00:00:00Z`)))) {
      throw new Error(`--from takes a day (YYYY-MM-DD) and goes with --verify, got "${flags.from}"`);
    }
  } catch (error) {
    console.error(`sync: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  if (!process.env.DATABASE_URL?.trim()) {
    const folder = path.join(dataDir(), "pglite");
    if (existsSync(path.join(folder, "postmaster.pid"))) {
      console.error(
        `sync: the PGlite database at ${folder} is open in another process — most likely the app running with the same DATA_DIR.\n` +
          "PGlite allows ONE process. Use the app's \"Sync now\" (POST /api/sync; the app also syncs on its own every SYNC_INTERVAL_MS),\n" +
          "stop the app first, or run both on PostgreSQL (DATABASE_URL). If no app is running, a crash left the file behind: delete postmaster.pid.",
      );
      return 3;
    }
  }
  const settings = syncSettings();
  if (isDemoMode()) {
    const sandbox = await embeddedSandbox();
    console.log(`sync: demo mode: started an embedded sandbox exchange at ${sandbox.url}`);
  }
  const id = flags.connection ?? (await listConnections())[0]?.id;
  const connection = id ? await resolveConnection(id) : undefined;
  if (!connection) {
    console.error(`sync: no connection ${id ?? "(none configured)"}; ids: ${(await listConnections()).map((c) => c.id).join(", ") || "none"}`);
    return 2;
  }
  const handle = await getDbHandle();
  const db = handle.db;
  const { client } = pooledClient(connection);
  const controller = new AbortController();
  const stop = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  if (flags.verify) {
    const code = await verify(db, client, connection.id, flags.from === undefined ? 0 : Date.parse(`${flags.from}T00:00:00Z`), controller.signal);
    await closeDb();
    return code;
  }

  for (;;) {
    const started = Date.now();
    console.log(`sync: ${connection.name} (${connection.id}): run started`);
    try {
      const result = await syncConnection({
        ...settings,
        db,
        client,
        connectionId: connection.id,
        signal: controller.signal,
        onPage: ({ report, window, pagesRead }) => {
          if (pagesRead % 25 === 0) console.log(`  ${pagesRead} pages… ${report} ${day(window.startTime)} → ${day(window.endTime)}`);
        },
      });
      await upkeepAfterSync(handle, result);
      if (!result.ran) console.log("sync: another process is syncing this connection (its lease is held); nothing done");
      for (const r of result.reports) {
        console.log(`  ${r.report.padEnd(36)} ${String(r.pages).padStart(5)} pages  +${r.rowsAdded} added  ${r.rowsChanged} changed${r.error ? `  ERROR ${r.error}` : ""}`);
      }
      console.log(`sync: done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.pages} pages, weight ${result.weight}, waited ${result.waitedMs} ms for budget room`);
      for (const s of await syncStates(db, connection.id)) {
        console.log(`  ${s.report.padEnd(36)} covered ${day(s.coveredFrom)} → ${day(s.coveredTo)}${s.backfillDone ? " (history complete)" : ""}`);
      }
    } catch (error) {
      if (controller.signal.aborted) break;
      console.error(`sync: run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (flags.once || controller.signal.aborted) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.intervalMs || 60_000);
      controller.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (controller.signal.aborted) break;
  }
  await closeDb();
  return 0;
}

/** `--verify`: every report read again from `from` (moving no checkpoint), then the rollups rebuilt from the raw rows. */
async function verify(db: Db, client: WeexClient, connectionId: string, from: number, signal: AbortSignal): Promise<number> {
  console.log(`sync --verify: reading every report again from ${from === 0 ? "the start of its history" : day(from)}`);
  const result = await syncConnection({ ...syncSettings(), db, client, connectionId, signal, verifyFrom: from, reports: REPORT_KEYS });
  if (!result.ran) {
    console.error("sync --verify: another process is syncing this connection (its lease is held): try again when it is done");
    return 3;
  }
  for (const r of result.reports) {
    console.log(`  ${r.report.padEnd(36)} ${String(r.pages).padStart(5)} pages  +${r.rowsAdded} added  ${r.rowsChanged} changed${r.error ? `  ERROR ${r.error}` : ""}`);
  }
  const incomplete = (await syncStates(db, connectionId)).flatMap((s) => s.incomplete.map((w) => `${s.report} ${day(w.startTime)} → ${day(w.endTime)}`));
  if (incomplete.length > 0) console.log(`  still incomplete (rows did not add up): ${incomplete.join("; ")}`);
  console.log("sync --verify: rebuilding the rollups from the raw rows");
  const rebuilt = await rebuildRollups(db, connectionId);
  for (const c of rebuilt.tables) {
    console.log(`  ${c.table.padEnd(28)} ${c.changed ? "CHANGED" : "same   "}  ${c.rowsBefore} → ${c.rowsAfter} rows`);
  }
  if (rebuilt.droppedRows > 0) console.log(`  dropped ${rebuilt.droppedRows} raw rows holding NaN or Infinity (the exchange no longer sends them)`);
  return result.reports.some((r) => r.error) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`sync: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
