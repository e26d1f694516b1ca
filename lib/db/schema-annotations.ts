// Chart annotations (lib/annotations, issue #28): dated notes on the timeline — a campaign launched, a rate changed,
// an exchange outage — per connection, optionally tied to an invite code or a sub-affiliate; the log of every change
// to one; and the annotations a share link's creator chose to include. Pure definitions (drizzle-kit loads this file
// through schema.ts).
import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const annotations = pgTable(
  "annotations",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    /** The UTC day the note is about (YYYY-MM-DD), as the warehouse's days are. */
    day: date("day", { mode: "string" }).notNull(),
    text: text("text").notNull(),
    /** Tied to one invite code or one sub-affiliate (uid), or to neither: the whole connection. */
    inviteCode: text("invite_code"),
    subAffiliateUid: text("sub_affiliate_uid"),
    createdAt: at("created_at"),
    createdByEmail: text("created_by_email").notNull(),
    updatedAt: at("updated_at"),
    updatedByEmail: text("updated_by_email").notNull(),
  },
  (t) => [
    index("annotations_day_idx").on(t.connectionId, t.day),
    check("annotations_text_check", sql`char_length(${t.text}) between 1 and 280`),
  ],
);

export const ANNOTATION_ACTIONS = ["create", "update", "delete"] as const;
export type AnnotationAction = (typeof ANNOTATION_ACTIONS)[number];

/**
 * Every change to an annotation, written in the change's transaction: who, what, when, and the note before and after
 * (null before a create, after a delete). No foreign key: a deleted annotation's history outlives it.
 */
export const annotationLog = pgTable(
  "annotation_log",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    annotationId: text("annotation_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: ANNOTATION_ACTIONS }).notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: at("at"),
  },
  (t) => [
    index("annotation_log_annotation_idx").on(t.annotationId, t.at),
    check("annotation_log_action_check", sql`${t.action} in ('create', 'update', 'delete')`),
  ],
);

/**
 * The annotations a share link shows: exactly those its creator ticked (none by default). A deleted annotation's row
 * goes with it (the store deletes both), so a link never shows a note that no longer exists.
 */
export const shareLinkAnnotations = pgTable(
  "share_link_annotations",
  {
    linkId: text("link_id").notNull(),
    annotationId: text("annotation_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.annotationId] }), index("share_link_annotations_annotation_idx").on(t.annotationId)],
);

export type AnnotationRow = typeof annotations.$inferSelect;
export type AnnotationLogRow = typeof annotationLog.$inferSelect;
