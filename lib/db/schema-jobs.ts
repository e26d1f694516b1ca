// Work shared by many app instances (lib/jobs, lib/sync): named leases, the
// record of scheduled job slots done, and the log of sync runs. Pure
// definitions (drizzle-kit loads this file through schema.ts).
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A named lease (lib/jobs/lease.ts): at most one holder until `expires_at`
 * (milliseconds on the app clock, lib/clock.ts), renewed while the holder
 * works; a killed holder's lease simply runs out.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  owner: text("owner").notNull(),
  expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One row per scheduled slot of a job that has run to its end (lib/jobs/schedule.ts):
 * the primary key makes "done" a fact written once, in the same transaction as
 * the slot's own writes, so a slot is never done twice and a killed run's slot
 * is done by the next holder.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    /** The slot's start (a minute, an hour… on the app clock). */
    slot: timestamp("slot", { withTimezone: true, mode: "date" }).notNull(),
    /** Who ran it: the lease owner (instance and process). */
    owner: text("owner").notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * The log of sync runs (lib/sync/run-log.ts): who ran a connection's sync,
 * from when to when (database time), its last lease renewal and how it ended.
 * A run killed mid-way keeps `finished_at` null; its `renewed_at` says until
 * when it could still have been writing.
 */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: serial("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    owner: text("owner").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    renewedAt: timestamp("renewed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** done | failed (some report failed) | interrupted (aborted or lease lost) */
    outcome: text("outcome"),
    pages: integer("pages").notNull().default(0),
    rowsAdded: integer("rows_added").notNull().default(0),
    rowsChanged: integer("rows_changed").notNull().default(0),
  },
  (t) => [index("sync_runs_connection_started_idx").on(t.connectionId, t.startedAt)],
);
