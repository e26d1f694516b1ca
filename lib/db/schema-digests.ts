// Digests (lib/digests): scheduled report subscriptions and their runs. Pure
// definitions (drizzle-kit loads this file through schema.ts).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const DIGEST_SCHEDULES = ["daily", "weekly", "monthly"] as const;
export type DigestScheduleKind = (typeof DIGEST_SCHEDULES)[number];
export const DIGEST_RUN_KINDS = ["scheduled", "manual"] as const;
export type DigestRunKind = (typeof DIGEST_RUN_KINDS)[number];
/** running: claimed by a tick (lease); queued: its messages are in the outbox; skipped: nothing sent, and why; failed: gave up. */
export const DIGEST_RUN_STATUSES = ["running", "queued", "skipped", "failed"] as const;
export type DigestRunStatus = (typeof DIGEST_RUN_STATUSES)[number];

/**
 * One report view sent on a schedule. `scope` is a share link's scope
 * (lib/share/scope.ts) as the view had it when the digest was made; each run
 * replaces its days by the run's period (lib/digests/period.ts), so the digest
 * is "the last N days up to the period's end" whatever day it was made.
 */
export const digests = pgTable(
  "digests",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id").notNull(),
    connectionId: text("connection_id").notNull(),
    report: text("report").notNull(),
    scope: jsonb("scope").notNull(),
    redactUids: boolean("redact_uids").notNull().default(false),
    percentages: boolean("percentages").notNull().default(false),
    label: text("label").notNull(),
    /** The saved view (lib/saved-views) the digest was made from, if any; a deleted view leaves the id. */
    savedViewId: text("saved_view_id"),
    scheduleKind: text("schedule_kind", { enum: DIGEST_SCHEDULES }).notNull(),
    /** weekly: 0 = Sunday … 6 = Saturday, in the digest's zone. */
    weekday: smallint("weekday"),
    /** monthly: 1–31, clamped to the month's last day. */
    dayOfMonth: smallint("day_of_month"),
    /** HH:MM, local time in `time_zone`. */
    localTime: text("local_time").notNull(),
    timeZone: text("time_zone").notNull(),
    /** Mail recipients (validated addresses) and webhook endpoint ids (lib/notify's webhook_endpoints, kept as text). */
    mailTo: jsonb("mail_to").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    webhookEndpointIds: jsonb("webhook_endpoint_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    skipWhenEmpty: boolean("skip_when_empty").notNull().default(false),
    skipWhenUnchanged: boolean("skip_when_unchanged").notNull().default(false),
    pausedAt: timestamp("paused_at", { withTimezone: true, mode: "date" }),
    /** Why it is paused, in words (a person, the creator's lost role, the last recipient unsubscribed). */
    pausedReason: text("paused_reason"),
    /** The next scheduled occurrence (schedule math in lib/digests/schedule.ts); ticks read it. */
    nextDueAt: timestamp("next_due_at", { withTimezone: true, mode: "date" }).notNull(),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("digests_due_idx").on(t.nextDueAt),
    index("digests_owner_idx").on(t.ownerUserId),
    check("digests_schedule_check", sql`${t.scheduleKind} in ('daily', 'weekly', 'monthly')`),
  ],
);
export type DigestRow = typeof digests.$inferSelect;

/**
 * One occurrence of a digest. Unique per (digest, due instant): every instance
 * that finds the digest due inserts the same row, and only the inserter goes
 * on. A run holds a lease while it works; a run whose holder died (lease past)
 * is taken over by a later tick, and the outbox's dedupe keys keep its messages single.
 */
export const digestRuns = pgTable(
  "digest_runs",
  {
    id: text("id").primaryKey(),
    digestId: text("digest_id")
      .notNull()
      .references(() => digests.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    kind: text("kind", { enum: DIGEST_RUN_KINDS }).notNull(),
    status: text("status", { enum: DIGEST_RUN_STATUSES }).notNull().default("running"),
    /** The run's period, whole UTC days (YYYY-MM-DD). */
    periodFrom: text("period_from").notNull(),
    periodTo: text("period_to").notNull(),
    /** The headline figures as sent (lib/digests/figures.ts): what "unchanged" compares with. */
    figures: jsonb("figures"),
    shareLinkId: text("share_link_id"),
    skipReason: text("skip_reason"),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("digest_runs_due_unique").on(t.digestId, t.dueAt),
    index("digest_runs_status_idx").on(t.status, t.leaseUntil),
    check("digest_runs_status_check", sql`${t.status} in ('running', 'queued', 'skipped', 'failed')`),
    check("digest_runs_kind_check", sql`${t.kind} in ('scheduled', 'manual')`),
  ],
);
export type DigestRunRow = typeof digestRuns.$inferSelect;
