// Alerts and digests (lib/notify): the outbox of deliveries every channel
// drains. Pure definitions (drizzle-kit loads this file through schema.ts).
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const DELIVERY_CHANNELS = ["mail", "webhook"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ["pending", "sent", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One message to send, written once by whoever decided it must go (a digest
 * run, a fired alert). `dedupe_key` is unique: deciding twice — two instances,
 * or a retry after a crash — inserts nothing the second time, so a message is
 * queued exactly once; the sender claims rows with a lease so it is sent once.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    /** What asked for it: digest, alert or test (the "send a test" buttons). */
    originKind: text("origin_kind").notNull(),
    originId: text("origin_id").notNull(),
    /** The user the message speaks for: it never shows more than they may see. */
    ownerUserId: text("owner_user_id").notNull(),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    /** mail: { to: string[] }; webhook: { endpointId: string }. */
    target: jsonb("target").notNull(),
    /** mail: { subject, text, html, attachments? }; webhook: { body, text }. */
    message: jsonb("message").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set while one sender works on the row; an expired lease (a killed instance) frees it again. */
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deliveries_dedupe_key_unique").on(t.dedupeKey),
    index("deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("deliveries_owner_created_idx").on(t.ownerUserId, t.createdAt),
    check("deliveries_channel_check", sql`${t.channel} in ('mail', 'webhook')`),
    check("deliveries_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
