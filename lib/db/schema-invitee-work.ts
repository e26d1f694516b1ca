// Invitee work (lib/invitee-work, issue #27): what affiliate managers note about
// the invitees they contact — notes, a per-connection tag vocabulary and its
// assignments, one follow-up state per invitee, and the audit log of every
// change. Everything is scoped by connection_id like the warehouse it annotates.
// Pure definitions (drizzle-kit loads this file through schema.ts).
import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** A free-text note on one invitee; edited or deleted by its author or an admin. */
export const inviteeNotes = pgTable(
  "invitee_notes",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    uid: text("uid").notNull(),
    body: text("body").notNull(),
    /** Who wrote it: the id decides who may edit, the e-mail is shown (and survives the user's removal). */
    authorUserId: text("author_user_id").notNull(),
    authorEmail: text("author_email").notNull(),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
    updatedByEmail: text("updated_by_email"),
  },
  (t) => [
    index("invitee_notes_uid_idx").on(t.connectionId, t.uid, t.createdAt),
    // The API trims and bounds it; the database refuses what slips past (an empty or oversized note).
    check("invitee_notes_body_check", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/** The connection's tag vocabulary: a name (unique in any case) and a colour of the fixed palette. */
export const inviteeTags = pgTable(
  "invitee_tags",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: at("created_at"),
    createdByEmail: text("created_by_email").notNull(),
  },
  (t) => [
    // Two managers creating "VIP" and "vip" at once: one wins, the other gets TAG_EXISTS, never two tags.
    uniqueIndex("invitee_tags_name_unique").on(t.connectionId, sql`lower(${t.name})`),
    check("invitee_tags_name_check", sql`char_length(${t.name}) between 1 and 40`),
    check("invitee_tags_color_check", sql`${t.color} in ('slate', 'blue', 'green', 'amber', 'red', 'violet', 'pink', 'teal')`),
  ],
);

/** Which invitee carries which tag; a deleted tag takes its assignments with it. */
export const inviteeTagAssignments = pgTable(
  "invitee_tag_assignments",
  {
    connectionId: text("connection_id").notNull(),
    uid: text("uid").notNull(),
    tagId: text("tag_id").notNull(),
    assignedAt: at("assigned_at"),
    assignedByEmail: text("assigned_by_email").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.uid, t.tagId] }),
    foreignKey({ columns: [t.tagId], foreignColumns: [inviteeTags.id], name: "invitee_tag_assignments_tag_fk" }).onDelete("cascade"),
    // Counts per tag and the directory's "carries tag X" filter read by tag.
    index("invitee_tag_assignments_tag_idx").on(t.connectionId, t.tagId),
  ],
);

export const FOLLOW_UP_STATE_VALUES = ["to_contact", "contacted", "replied", "not_interested"] as const;

/** Where contacting one invitee stands; no row: no follow-up. */
export const inviteeFollowUps = pgTable(
  "invitee_follow_ups",
  {
    connectionId: text("connection_id").notNull(),
    uid: text("uid").notNull(),
    state: text("state", { enum: FOLLOW_UP_STATE_VALUES }).notNull(),
    contactedOn: date("contacted_on", { mode: "string" }),
    dueOn: date("due_on", { mode: "string" }),
    updatedAt: at("updated_at"),
    updatedByEmail: text("updated_by_email").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.uid] }),
    check("invitee_follow_ups_state_check", sql`${t.state} in ('to_contact', 'contacted', 'replied', 'not_interested')`),
    index("invitee_follow_ups_state_idx").on(t.connectionId, t.state),
  ],
);

/**
 * Every change to the above, written in the same transaction as the change:
 * who, when, what (`action`) and the before/after (`detail`). `uid` is null for
 * changes to the vocabulary itself (tag.create/update/merge/delete).
 */
export const inviteeWorkLog = pgTable(
  "invitee_work_log",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    uid: text("uid"),
    actorUserId: text("actor_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    detail: jsonb("detail").notNull(),
    at: at("at"),
  },
  (t) => [
    index("invitee_work_log_uid_at_idx").on(t.connectionId, t.uid, t.at),
    check(
      "invitee_work_log_action_check",
      sql`${t.action} in ('note.create', 'note.update', 'note.delete', 'tags.set', 'tags.bulk', 'follow_up.set', 'follow_up.clear', 'tag.create', 'tag.update', 'tag.merge', 'tag.delete')`,
    ),
  ],
);

export type InviteeNoteRow = typeof inviteeNotes.$inferSelect;
export type InviteeTagRow = typeof inviteeTags.$inferSelect;
export type InviteeFollowUpRow = typeof inviteeFollowUps.$inferSelect;
export type InviteeWorkLogRow = typeof inviteeWorkLog.$inferSelect;
