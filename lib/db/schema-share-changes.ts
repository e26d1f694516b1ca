// Share links' change log (lib/share/edit.ts): who changed what on a link, and when.
// Pure definitions (drizzle-kit loads this file through schema.ts).
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per edit of a share link (label, expiry, password, pause, masking,
 * revoking), its changes in words — `[{ field, from, to }]`, never a password.
 * `link_id` names share_links.id; no foreign key is declared because this file
 * cannot import schema.ts (which re-exports it), and links are never deleted
 * (revoking keeps the row; only unlisted internal PDF links are, and they are never edited).
 */
export const shareLinkChanges = pgTable(
  "share_link_changes",
  {
    id: text("id").primaryKey(),
    linkId: text("link_id").notNull(),
    changedBy: text("changed_by").notNull(),
    changedByEmail: text("changed_by_email").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    changes: jsonb("changes").notNull(),
  },
  (t) => [index("share_link_changes_link_idx").on(t.linkId, t.changedAt)],
);

export type ShareLinkChangeRow = typeof shareLinkChanges.$inferSelect;
