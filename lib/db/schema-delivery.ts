// The sending side of lib/notify: the log of every delivery attempt, the in-app
// mail outbox (demo mode without SMTP_URL) and webhook endpoints. Pure
// definitions (drizzle-kit loads this file through schema.ts).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const ATTEMPT_OUTCOMES = ["sent", "retry", "failed"] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * One try at sending one delivery: what happened and how long it took. `error`
 * is scrubbed before it is written (no passwords, secrets, URL paths or query
 * strings): this table is safe to show to the delivery's owner.
 */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id").notNull(),
    channel: text("channel").notNull(),
    /** 1 for the first try. */
    attempt: integer("attempt").notNull(),
    outcome: text("outcome", { enum: ATTEMPT_OUTCOMES }).notNull(),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** The instance that tried (its lease owner id). */
    worker: text("worker").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("delivery_attempts_delivery_idx").on(t.deliveryId, t.at),
    check("delivery_attempts_outcome_check", sql`${t.outcome} in ('sent', 'retry', 'failed')`),
  ],
);
export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;

/**
 * Mail that went to the in-app outbox instead of SMTP (demo mode with no
 * SMTP_URL): the whole message exactly as it would have been sent — the raw
 * RFC 5322 source nodemailer built, attachments included — plus what the list shows.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** The delivery it came from; one outbox message per delivery. */
    deliveryId: text("delivery_id").notNull().unique(),
    ownerUserId: text("owner_user_id").notNull(),
    messageId: text("message_id").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddresses: text("to_addresses").notNull(),
    subject: text("subject").notNull(),
    attachmentCount: integer("attachment_count").notNull(),
    /** The raw message (7-bit MIME, attachments base64-encoded). */
    raw: text("raw").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("mail_outbox_owner_created_idx").on(t.ownerUserId, t.createdAt)],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Where webhooks go. The URL and the signing secret are encrypted at rest (a
 * Slack-style URL is itself a credential); `url_hint` is what lists show.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id").notNull(),
    ownerEmail: text("owner_email").notNull(),
    label: text("label").notNull(),
    urlEnc: text("url_enc").notNull(),
    urlHint: text("url_hint").notNull(),
    secretEnc: text("secret_enc").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("webhook_endpoints_owner_idx").on(t.ownerUserId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
