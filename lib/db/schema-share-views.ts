// The view log of share links (lib/share/view-log.ts): one row per visit of a
// link's page, its data, CSV or PDF. Pure definitions (drizzle-kit loads this
// file through schema.ts).
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { shareLinks } from "./schema";

export const SHARE_VIEW_KINDS = ["page", "embed", "data", "csv", "pdf"] as const;
export type ShareViewKind = (typeof SHARE_VIEW_KINDS)[number];

/**
 * What a visit leaves: when, what was opened, the browser's family (a coarse
 * name, never the User-Agent) and a keyed hash of the client address (never the
 * address; the token is never stored anywhere). Rows older than the retention
 * (SHARE_VIEW_RETENTION_DAYS) are purged on write; a link's rows go with it.
 */
export const shareLinkViews = pgTable(
  "share_link_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: text("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    kind: text("kind", { enum: SHARE_VIEW_KINDS }).notNull(),
    browser: text("browser").notNull(),
    addressHash: text("address_hash").notNull(),
  },
  (t) => [
    index("share_link_views_link_at_idx").on(t.linkId, t.viewedAt),
    index("share_link_views_at_idx").on(t.viewedAt),
    check("share_link_views_kind_check", sql`${t.kind} in ('page', 'embed', 'data', 'csv', 'pdf')`),
  ],
);

export type ShareLinkViewRow = typeof shareLinkViews.$inferSelect;
