/**
 * The Change log page's reading of the logs (annotation_log, campaign_cost_changes, target_changes), newest first, one
 * page at a time. Nothing is written here: the stores write each change in its own transaction.
 */
import "server-only";
import { and, asc, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { annotationLog, campaignCostChanges, targetChanges } from "../db/schema";
import type { AnnotationFields } from "../annotations/types";
import type { ChangeLogQuery } from "./inputs";
import { targetFieldChanges, targetWords, type TargetFields } from "./target-words";
import { annotationFieldChanges, annotationWords, costFieldChange, costWords, type ChangeAction, type ChangeLogPage, type CostFields, type FieldChange } from "./types";

type Page = Pick<ChangeLogQuery, "before" | "limit">;

/** One more row than asked says whether an older page exists. */
function paged<T extends { id: string }>(rows: T[], limit: number): { rows: T[]; older: string | null } {
  const shown = rows.slice(0, limit);
  return { rows: shown, older: rows.length > limit ? shown[shown.length - 1]!.id : null };
}

export async function annotationChangeLog(db: Db, connectionId: string, page: Page): Promise<ChangeLogPage> {
  const where: SQL[] = [eq(annotationLog.connectionId, connectionId)];
  if (page.before) where.push(lt(annotationLog.id, page.before));
  const found = await db.select().from(annotationLog).where(and(...where)).orderBy(desc(annotationLog.id)).limit(page.limit + 1);
  const { rows, older } = paged(found, page.limit);
  const entries = rows.map((r) => {
    const before = r.before as AnnotationFields | null;
    const after = r.after as AnnotationFields | null;
    return { id: r.id, at: r.at.getTime(), byEmail: r.actorEmail, action: r.action, concerns: annotationWords((after ?? before)!), changes: annotationFieldChanges(before, after) };
  });
  return { entries, older };
}

type CostChange = { field: string; from: string | null; to: string | null };

/**
 * A cost's log keeps only the fields that changed, so what an edit concerns (its day, amount, coin) is the cost as
 * its whole log stood after that edit: replayed here from its create, oldest first.
 */
async function costStatesAfter(db: Db, connectionId: string, costIds: string[]): Promise<Map<string, CostFields>> {
  const states = new Map<string, CostFields>();
  if (costIds.length === 0) return states;
  const history = await db
    .select()
    .from(campaignCostChanges)
    .where(and(eq(campaignCostChanges.connectionId, connectionId), inArray(campaignCostChanges.costId, costIds)))
    .orderBy(asc(campaignCostChanges.id));
  const current = new Map<string, CostFields>();
  for (const row of history) {
    const state = { ...current.get(row.costId) };
    for (const c of row.changes as CostChange[]) if (c.to !== null) state[c.field as keyof CostFields] = c.to;
    current.set(row.costId, state);
    states.set(row.id, state);
  }
  return states;
}

export async function costChangeLog(db: Db, connectionId: string, page: Page): Promise<ChangeLogPage> {
  const where: SQL[] = [eq(campaignCostChanges.connectionId, connectionId)];
  if (page.before) where.push(lt(campaignCostChanges.id, page.before));
  const found = await db.select().from(campaignCostChanges).where(and(...where)).orderBy(desc(campaignCostChanges.id)).limit(page.limit + 1);
  const { rows, older } = paged(found, page.limit);
  const states = await costStatesAfter(db, connectionId, [...new Set(rows.map((r) => r.costId))]);
  const entries = rows.map((r) => {
    const action = r.action as ChangeAction;
    const changes: FieldChange[] = action === "update" ? (r.changes as CostChange[]).map(costFieldChange) : [];
    return { id: r.id, at: r.at.getTime(), byEmail: r.byEmail, action, concerns: costWords(r.inviteCode, states.get(r.id) ?? {}), changes };
  });
  return { entries, older };
}

export async function targetChangeLog(db: Db, connectionId: string, page: Page): Promise<ChangeLogPage> {
  const where: SQL[] = [eq(targetChanges.connectionId, connectionId)];
  if (page.before) where.push(lt(targetChanges.id, page.before));
  const found = await db.select().from(targetChanges).where(and(...where)).orderBy(desc(targetChanges.id)).limit(page.limit + 1);
  const { rows, older } = paged(found, page.limit);
  const entries = rows.map((r) => {
    const before = r.before as TargetFields | null;
    const after = r.after as TargetFields | null;
    return { id: r.id, at: r.at.getTime(), byEmail: r.byEmail, action: r.action as ChangeAction, concerns: targetWords((after ?? before)!), changes: targetFieldChanges(before, after) };
  });
  return { entries, older };
}
