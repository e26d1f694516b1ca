/**
 * What the app stops on SIGTERM/SIGINT, in order (lib/shutdown.ts runs the latest registered first): the sync —
 * no new run, running runs abandon their page, close as interrupted and release their lease — then the database,
 * closed cleanly (PGlite's postmaster.pid goes with it, so `npm run sync` does not blame a crash).
 */
import "server-only";
import { closeDb } from "./db/client";
import { onShutdown } from "./shutdown";
import { stopSyncScheduler } from "./sync/scheduler";

export function registerAppShutdown(): void {
  onShutdown("database", closeDb);
  onShutdown("sync", stopSyncScheduler);
}
