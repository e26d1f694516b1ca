/**
 * The heartbeat: a job of every minute whose record is its own `job_runs` row
 * (which instance ran the schedules that minute). It shows the schedules are
 * alive, and it is the smallest real job the multi-instance test counts: one
 * row per minute, whatever the number of instances or the ones killed.
 */
import type { ScheduledJob } from "./schedule";

export const HEARTBEAT_JOB: ScheduledJob = {
  name: "heartbeat",
  everyMs: 60_000,
  // Nothing but the slot's row: runDueSlots writes it in the slot's transaction.
  run: async () => {},
};
