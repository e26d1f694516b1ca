/**
 * SIGTERM's shutdown (lib/app-shutdown.ts, what scripts/serve.mjs runs) stops every timer the app starts — scheduled
 * jobs, digests, the alert timer, the delivery worker — before the database closes: the tick in flight finishes first,
 * and none comes after. A tick after the close would open the embedded database again (getDb reopens it lazily), so
 * PGlite's postmaster.pid, which a clean close removes, would be back.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAlertTimer } from "@/lib/alerts/hooks";
import { registerAppShutdown } from "@/lib/app-shutdown";
import { getDb } from "@/lib/db/client";
import { startDigestScheduler } from "@/lib/digests/scheduler";
import { registerJob, startJobScheduler } from "@/lib/jobs/scheduler";
import { startDeliveryWorker } from "@/lib/notify/scheduler";
import { resetShutdownForTests, runShutdown } from "@/lib/shutdown";
import { resumeSyncAfterStop } from "@/lib/sync/scheduler";
import { demoAppSuite } from "../support/demo-app";

const TICK_MS = "40";
const app = demoAppSuite("shutdown-timers", "admin", {
  JOB_TICK_MS: TICK_MS,
  DIGEST_TICK_MS: TICK_MS,
  ALERT_HEALTH_INTERVAL_MS: TICK_MS,
  DELIVERY_INTERVAL_MS: TICK_MS,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a clean stop of the app's timers", () => {
  it("waits for the job in flight, and no timer ticks (nor opens the database again) afterwards", async () => {
    const runs: Array<{ started: number; ended?: number }> = [];
    registerJob({
      name: "shutdown-test-slow-job",
      everyMs: 100,
      run: async () => {
        const run: { started: number; ended?: number } = { started: Date.now() };
        runs.push(run);
        await sleep(400);
        run.ended = Date.now();
      },
    });
    await getDb();
    registerAppShutdown();
    startJobScheduler();
    startDigestScheduler();
    startAlertTimer();
    startDeliveryWorker();
    const pidFile = path.join(app.dataDir, "pglite", "postmaster.pid");
    expect(existsSync(pidFile)).toBe(true);

    // The jobs' first tick comes after a second; stop while the slow job is running.
    const until = Date.now() + 10_000;
    while (runs.length === 0 && Date.now() < until) await sleep(20);
    expect(runs.length).toBeGreaterThan(0);
    await runShutdown();
    const stoppedAt = Date.now();
    // The job in flight ended before the database closed.
    expect(runs.every((r) => r.ended !== undefined && r.ended <= stoppedAt)).toBe(true);
    expect(existsSync(pidFile)).toBe(false);

    // Many ticks' worth of time: nothing ran, nothing opened the database again.
    const count = runs.length;
    await sleep(20 * Number(TICK_MS));
    expect(runs.length).toBe(count);
    expect(existsSync(pidFile)).toBe(false);

    resetShutdownForTests();
    resumeSyncAfterStop();
    await getDb();
  }, 60_000);
});
