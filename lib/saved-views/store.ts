/**
 * Saved views in the database, as one person of one connection sees them: a
 * private view is its owner's alone (anyone else gets the 404 of a view that
 * does not exist), a team view everyone's who reads reports. Analysts edit
 * their own views and team views; only the owner changes who sees a view; its
 * owner or an admin deletes it. Every change commits with its log row.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { hasRole } from "../auth/roles";
import type { Db } from "../db/client";
import { savedViews, type SavedViewAction, type SavedViewRow } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import type { ReportName } from "../reports/names";
import type { NewSavedView, SavedViewPatch } from "./inputs";
import { logChange, stateOf, type Actor } from "./log";
import { viewQueryIssue } from "./query-check";
import { savedViewAnswer } from "./view";
import type { SavedView } from "./types";

export interface ViewScope {
  db: Db;
  connectionId: string;
}

const nameTaken = (name: string, visibility: string) =>
  new ApiError(409, "NAME_TAKEN", visibility === "team" ? `the team already has a view named “${name}”` : `you already have a view named “${name}”`);

function assertQuery(report: ReportName, query: string, now: Date): void {
  const issue = viewQueryIssue(report, query, now);
  if (issue) throw new ApiError(400, "BAD_REQUEST", `query: ${issue.msg}`, { param: issue.param });
}

const visibleTo = (connectionId: string, user: Actor) =>
  and(eq(savedViews.connectionId, connectionId), or(eq(savedViews.visibility, "team"), eq(savedViews.ownerUserId, user.id)));

export async function listSavedViews({ db, connectionId }: ViewScope, user: Actor, now: Date): Promise<SavedView[]> {
  const rows = await db.select().from(savedViews).where(visibleTo(connectionId, user)).orderBy(sql`lower(${savedViews.name})`, savedViews.id);
  return rows.map((r) => savedViewAnswer(r, user, now));
}

/** The view if this person may see it; otherwise the same 404 as for an id that names nothing. */
export async function findVisibleView({ db, connectionId }: ViewScope, user: Actor, id: string): Promise<SavedViewRow> {
  const [row] = await db.select().from(savedViews).where(and(eq(savedViews.id, id), visibleTo(connectionId, user))).limit(1);
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such saved view");
  return row;
}

export async function createSavedView({ db, connectionId }: ViewScope, user: Actor, input: NewSavedView, now: Date): Promise<SavedView> {
  assertQuery(input.report, input.query, now);
  const row = { id: `sv_${randomBytes(12).toString("base64url")}`, connectionId, ownerUserId: user.id, ownerEmail: user.email, ...input, createdAt: now, updatedAt: now };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(savedViews).values(row);
      await logChange(tx, row, user, "create", { before: null, after: stateOf(row) }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name, input.visibility);
    throw error;
  }
  return savedViewAnswer(row, user, now);
}

/** The log actions a patch makes, one per field that really changes. */
function actionsOf(row: SavedViewRow, next: SavedViewRow): SavedViewAction[] {
  const actions: SavedViewAction[] = [];
  if (next.name !== row.name) actions.push("rename");
  if (next.query !== row.query) actions.push("update");
  if (next.visibility !== row.visibility) actions.push("visibility");
  if (next.pinned !== row.pinned) actions.push(next.pinned ? "pin" : "unpin");
  return actions;
}

export async function patchSavedView(scope: ViewScope, user: Actor, id: string, patch: SavedViewPatch, now: Date): Promise<SavedView> {
  const row = await findVisibleView(scope, user, id);
  if (patch.visibility !== undefined && patch.visibility !== row.visibility && row.ownerUserId !== user.id) {
    throw new ApiError(403, "FORBIDDEN", "only the view's owner changes who sees it");
  }
  if (patch.query !== undefined) assertQuery(row.report as ReportName, patch.query, now);
  const next: SavedViewRow = { ...row, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), updatedAt: now };
  const actions = actionsOf(row, next);
  if (actions.length === 0) return savedViewAnswer(row, user, now);
  try {
    await scope.db.transaction(async (tx) => {
      await tx.update(savedViews).set({ name: next.name, query: next.query, visibility: next.visibility, pinned: next.pinned, updatedAt: now }).where(eq(savedViews.id, id));
      // One row per kind of change, each with the whole before and after, so History reads each on its own.
      for (const [i, action] of actions.entries()) await logChange(tx, row, user, action, { before: stateOf(row), after: stateOf(next) }, now, i);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(next.name, next.visibility);
    throw error;
  }
  return savedViewAnswer(next, user, now);
}

export async function deleteSavedView(scope: ViewScope, user: Actor, id: string, now: Date): Promise<void> {
  const row = await findVisibleView(scope, user, id);
  if (row.ownerUserId !== user.id && !hasRole(user.role, "admin")) throw new ApiError(403, "FORBIDDEN", "only the view's owner or an admin deletes it");
  await scope.db.transaction(async (tx) => {
    await tx.delete(savedViews).where(eq(savedViews.id, id));
    await logChange(tx, row, user, "delete", { before: stateOf(row), after: null }, now);
  });
}

/** A share link or digest made "from" a view: the view must be one this person sees, of the same report. */
export async function assertViewSource(scope: ViewScope, user: Actor, id: string | undefined, report: ReportName): Promise<string | null> {
  if (id === undefined) return null;
  const row = await findVisibleView(scope, user, id);
  if (row.report !== report) throw new ApiError(400, "BAD_REQUEST", "savedViewId: the saved view is of another report");
  return row.id;
}
