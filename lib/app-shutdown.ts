/**
 * What the app stops on SIGTERM/SIGINT, in order (lib/shutdown.ts runs the latest registered first): the timers
 * (delivery worker, alert timer, digests, scheduled jobs) — no further tick, the one in flight finishes, so nothing
 * meets a closed database — then the sync — no new run, running runs abandon their page, close as interrupted and
 * release their lease — then the database, closed cleanly (PGlite's postmaster.pid goes with it, so `npm run sync`
 * does not blame a crash).
 */
import "server-only";
import { closeDb } from "./db/client";
import { onShutdown } from "./shutdown";
import { stopAlertTimer } from "./alerts/hooks";
import { stopDigestScheduler } from "./digests/scheduler";
import { stopJobScheduler } from "./jobs/scheduler";
import { stopDeliveryWorker } from "./notify/scheduler";
import { stopSyncScheduler } from "./sync/scheduler";

export function registerAppShutdown(): void {
  onShutdown("database", closeDb);
  onShutdown("sync", stopSyncScheduler);
  onShutdown("scheduled jobs", stopJobScheduler);
  onShutdown("digests", stopDigestScheduler);
  onShutdown("alert timer", stopAlertTimer);
  onShutdown("delivery worker", stopDeliveryWorker);
}
