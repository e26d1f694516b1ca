// Saved views (lib/saved-views, issue #27): a report view — its report and URL
// query — kept under a name, private to its owner or shared with the team of
// the connection, optionally pinned in the navigation; and the log of every
// change to one. Scoped by connection_id like the other records of a connection.
// Pure definitions (drizzle-kit loads this file through schema.ts).
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const SAVED_VIEW_VISIBILITIES = ["private", "team"] as const;
export type SavedViewVisibility = (typeof SAVED_VIEW_VISIBILITIES)[number];

export const savedViews = pgTable(
  "saved_views",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    ownerUserId: text("owner_user_id").notNull(),
    /** Shown in lists; kept so a view still says whose it is after its owner is removed. */
    ownerEmail: text("owner_email").notNull(),
    name: text("name").notNull(),
    report: text("report").notNull(),
    /** The view's search parameters as in its URL, checked against the report's own parameters. */
    query: text("query").notNull(),
    visibility: text("visibility", { enum: SAVED_VIEW_VISIBILITIES }).notNull(),
    pinned: boolean("pinned").notNull().default(false),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    // Two people may each keep a private "Dormant"; the team has one "Dormant" (names compared in any case).
    uniqueIndex("saved_views_private_name_unique").on(t.connectionId, t.ownerUserId, sql`lower(${t.name})`).where(sql`${t.visibility} = 'private'`),
    uniqueIndex("saved_views_team_name_unique").on(t.connectionId, sql`lower(${t.name})`).where(sql`${t.visibility} = 'team'`),
    index("saved_views_owner_idx").on(t.connectionId, t.ownerUserId),
    check("saved_views_name_check", sql`char_length(${t.name}) between 1 and 120`),
    check("saved_views_visibility_check", sql`${t.visibility} in ('private', 'team')`),
  ],
);

export const SAVED_VIEW_ACTIONS = ["create", "rename", "update", "visibility", "pin", "unpin", "delete"] as const;
export type SavedViewAction = (typeof SAVED_VIEW_ACTIONS)[number];

/**
 * Every change to a saved view, written in the change's transaction: who, what, when, and the name and query
 * before and after. No foreign key: a deleted view's history outlives it.
 */
export const savedViewLog = pgTable(
  "saved_view_log",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    savedViewId: text("saved_view_id").notNull(),
    actorUserId: text("actor_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: SAVED_VIEW_ACTIONS }).notNull(),
    /** `{ name, query, visibility, pinned }` before and after (null before a create, after a delete). */
    before: jsonb("before"),
    after: jsonb("after"),
    at: at("at"),
  },
  (t) => [
    index("saved_view_log_view_idx").on(t.savedViewId, t.at),
    check("saved_view_log_action_check", sql`${t.action} in ('create', 'rename', 'update', 'visibility', 'pin', 'unpin', 'delete')`),
  ],
);

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewLogRow = typeof savedViewLog.$inferSelect;
