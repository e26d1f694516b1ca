/**
 * The scheduled jobs of the app, ticked by every instance (started at server
 * start, lib/startup.ts). Each tick runs every registered job's due slots
 * through lib/jobs/schedule.ts, so a slot fires once across all instances.
 * Other parts register their jobs here (registerJob) before the first tick.
 *
 * JOB_TICK_MS (default 10 000, 0: off) is how often an instance looks for due
 * slots; it bounds how late a slot fires, not how often it fires.
 */
import "server-only";
import { envWholeMs, type Env } from "../config/env-number";
import { getDb } from "../db/client";
import { HEARTBEAT_JOB } from "./heartbeat";
import { runDueSlots, type ScheduledJob } from "./schedule";

interface Holder {
  jobs: Map<string, ScheduledJob>;
  timer?: ReturnType<typeof setInterval>;
  first?: ReturnType<typeof setTimeout>;
  ticking?: Promise<void>;
}
const KEY = Symbol.for("rebate-desk.jobs");
function holder(): Holder {
  const g = globalThis as { [KEY]?: Holder };
  return (g[KEY] ??= { jobs: new Map([[HEARTBEAT_JOB.name, HEARTBEAT_JOB]]) });
}

/** Adds a job to every tick of this instance (a second job of the same name replaces the first). */
export function registerJob(job: ScheduledJob): void {
  holder().jobs.set(job.name, job);
}

export function jobTickMs(env: Env = process.env): number {
  return envWholeMs(env, "JOB_TICK_MS", 10_000);
}

/** One tick: every job's due slots, one job after the other; a failing job is logged and retried next tick. */
export async function tickJobs(): Promise<void> {
  const db = await getDb();
  for (const job of holder().jobs.values()) {
    try {
      const result = await runDueSlots(db, job);
      for (const slot of result.done) console.log(`[jobs] ${job.name} ${slot.toISOString()} done by ${result.owner}`);
    } catch (error) {
      console.error(`[jobs] ${job.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Starts this instance's ticks (idempotent); a tick still running is not started twice. */
export function startJobScheduler(): void {
  const h = holder();
  if (h.timer) return;
  const everyMs = jobTickMs();
  if (everyMs === 0) {
    console.log("[jobs] scheduled jobs off (JOB_TICK_MS=0)");
    return;
  }
  const tick = () => {
    h.ticking ??= tickJobs().finally(() => (h.ticking = undefined));
  };
  h.timer = setInterval(tick, everyMs);
  h.timer.unref();
  h.first = setTimeout(tick, 1_000);
  h.first.unref();
  console.log(`[jobs] scheduled jobs checked every ${Math.round(everyMs / 100) / 10} s: ${[...h.jobs.keys()].join(", ")}`);
}

/**
 * SIGTERM (lib/app-shutdown.ts): no further tick, and the tick in flight finishes before the database closes — a job
 * cut off by a closed database would log a failure and leave its slot to the lease's expiry.
 */
export async function stopJobScheduler(): Promise<void> {
  const h = holder();
  clearInterval(h.timer);
  clearTimeout(h.first);
  h.timer = undefined;
  h.first = undefined;
  await h.ticking;
}
