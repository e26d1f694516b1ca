/**
 * The saved-view log (`saved_view_log`): the store writes one row per change
 * inside the change's transaction, with the view's name, query, visibility and
 * pin before and after; History reads them back in words.
 */
import "server-only";
import { desc, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import { savedViewLog, type SavedViewAction, type SavedViewRow } from "../db/schema";
import { timeOrderedId, type DbOrTx } from "../invitee-work/log";
import type { SavedViewLogEntry } from "./types";

export type Actor = Pick<SessionUser, "id" | "email" | "role">;

export interface ViewState {
  name: string;
  query: string;
  visibility: string;
  pinned: boolean;
}

export const stateOf = (row: Pick<SavedViewRow, "name" | "query" | "visibility" | "pinned">): ViewState => ({
  name: row.name,
  query: row.query,
  visibility: row.visibility,
  pinned: row.pinned,
});

export async function logChange(
  tx: DbOrTx,
  view: Pick<SavedViewRow, "id" | "connectionId">,
  actor: Actor,
  action: SavedViewAction,
  states: { before: ViewState | null; after: ViewState | null },
  at: Date,
  /** The row's place among the rows of one change (same `at`): its id sorts by it, so History lists them in order. */
  order = 0,
): Promise<void> {
  await tx.insert(savedViewLog).values({
    id: timeOrderedId("svlog_", new Date(at.getTime() + order)),
    connectionId: view.connectionId,
    savedViewId: view.id,
    actorUserId: actor.id,
    actorEmail: actor.email,
    action,
    before: states.before,
    after: states.after,
    at,
  });
}

const query = (q: string | undefined) => (q ? `?${q}` : "no filters");

/** One change in words; the query is shown as in the URL, which is what "update to this view" changed. */
export function summarize(action: SavedViewAction, before: ViewState | null, after: ViewState | null): string {
  switch (action) {
    case "create":
      return `Saved “${after?.name ?? ""}” (${after?.visibility ?? ""}) with ${query(after?.query)}`;
    case "rename":
      return `Renamed “${before?.name ?? ""}” to “${after?.name ?? ""}”`;
    case "update":
      return `Updated the view from ${query(before?.query)} to ${query(after?.query)}`;
    case "visibility":
      return after?.visibility === "team" ? "Shared with the team" : "Made private";
    case "pin":
      return "Pinned in the navigation";
    case "unpin":
      return "Unpinned";
    case "delete":
      return `Deleted “${before?.name ?? ""}”`;
  }
}

const asState = (value: unknown): ViewState | null => (value && typeof value === "object" ? (value as ViewState) : null);

/** The view's log, newest first. */
export async function viewLog(db: DbOrTx, id: string, limit = 100): Promise<SavedViewLogEntry[]> {
  const rows = await db.select().from(savedViewLog).where(eq(savedViewLog.savedViewId, id)).orderBy(desc(savedViewLog.at), desc(savedViewLog.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, action: r.action, actorEmail: r.actorEmail, at: r.at.toISOString(), summary: summarize(r.action, asState(r.before), asState(r.after)) }));
}
