/**
 * `npm run sync -- [--connection <id>] [--once]`: the warehouse sync as a
 * command. Without --once it runs every SYNC_INTERVAL_MS until Ctrl-C. In demo
 * mode (no WEEX_SPOT_BASE_URL) it starts its own embedded sandbox exchange.
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
import { syncConnection, syncStates } from "../lib/sync/engine";
import { syncSettings, upkeepAfterSync } from "../lib/sync/scheduler";

const USAGE = "Usage: npm run sync -- [--connection <id>] [--once]   (default: the first connection, every SYNC_INTERVAL_MS)";

const day = (ms: number | null | undefined) => (ms == null ? "—" : new Date(ms).toISOString().slice(0, 16).replace("T", " "));

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseArgs({ options: { connection: { type: "string" }, once: { type: "boolean" }, help: { type: "boolean" } }, strict: true }).values;
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`sync: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
