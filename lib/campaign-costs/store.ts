/**
 * The connection's campaign costs per invite code: list, create, edit, delete — each write logged with its fields
 * before and after (campaign_cost_changes) in the same transaction, so the log never misses a change nor records one
 * that did not happen.
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { campaignCostChanges, campaignCosts, type CampaignCostRow } from "../db/schema";
import { timeOrderedId } from "../invitee-work/log";
import type { CampaignCost, CostInput, CostPatch } from "./inputs";

type Actor = { email: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const FIELDS = ["day", "amount", "coin", "note"] as const;
type Fields = Pick<CampaignCostRow, (typeof FIELDS)[number]>;

/** numeric as text, without the trailing zeros PostgreSQL may keep. */
const plain = (n: string): string => (n.includes(".") ? n.replace(/\.?0+$/, "") : n);

function view(row: CampaignCostRow): CampaignCost {
  return { id: row.id, inviteCode: row.inviteCode, day: row.day, amount: plain(row.amount), coin: row.coin, note: row.note, updatedAt: row.updatedAt.getTime(), updatedByEmail: row.updatedByEmail };
}

/** The fields that differ, in words the log keeps: `{ field, from, to }` (null on the side that does not exist). */
function changesOf(before: Fields | null, after: Fields | null): Array<{ field: string; from: string | null; to: string | null }> {
  return FIELDS.map((field) => ({ field, from: before ? plain(String(before[field])) : null, to: after ? plain(String(after[field])) : null })).filter((c) => c.from !== c.to);
}

async function log(tx: Tx, row: CampaignCostRow, action: "create" | "update" | "delete", before: Fields | null, after: Fields | null, actor: Actor, at: Date): Promise<void> {
  await tx.insert(campaignCostChanges).values({ id: timeOrderedId("ccl_", at), connectionId: row.connectionId, costId: row.id, inviteCode: row.inviteCode, action, changes: changesOf(before, after), byEmail: actor.email, at });
}

/** A code's costs, oldest day first. */
export async function listCosts(db: Db, connectionId: string, inviteCode: string): Promise<CampaignCost[]> {
  const rows = await db
    .select()
    .from(campaignCosts)
    .where(and(eq(campaignCosts.connectionId, connectionId), eq(campaignCosts.inviteCode, inviteCode)))
    .orderBy(asc(campaignCosts.day), asc(campaignCosts.id));
  return rows.map(view);
}

export async function createCost(db: Db, connectionId: string, inviteCode: string, input: CostInput, actor: Actor, at: Date): Promise<CampaignCost> {
  const row = { id: timeOrderedId("cc_", at), connectionId, inviteCode, ...input, createdAt: at, createdByEmail: actor.email, updatedAt: at, updatedByEmail: actor.email };
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(campaignCosts).values(row).returning();
    await log(tx, created!, "create", null, created!, actor, at);
    return view(created!);
  });
}

async function costOf(db: Db | Tx, connectionId: string, inviteCode: string, id: string): Promise<CampaignCostRow> {
  const [row] = await db.select().from(campaignCosts).where(and(eq(campaignCosts.connectionId, connectionId), eq(campaignCosts.inviteCode, inviteCode), eq(campaignCosts.id, id)))
    // Locked for the rest of the transaction: a concurrent edit waits, so the log's "before" is what this edit changed.
    .for("update");
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such cost for this invite code");
  return row;
}

export async function updateCost(db: Db, connectionId: string, inviteCode: string, id: string, patch: CostPatch, actor: Actor, at: Date): Promise<CampaignCost> {
  return db.transaction(async (tx) => {
    const before = await costOf(tx, connectionId, inviteCode, id);
    const [updated] = await tx
      .update(campaignCosts)
      .set({ day: patch.day ?? before.day, amount: patch.amount ?? before.amount, coin: patch.coin ?? before.coin, note: patch.note ?? before.note, updatedAt: at, updatedByEmail: actor.email })
      .where(and(eq(campaignCosts.connectionId, connectionId), eq(campaignCosts.id, id)))
      .returning();
    await log(tx, updated!, "update", before, updated!, actor, at);
    return view(updated!);
  });
}

export async function deleteCost(db: Db, connectionId: string, inviteCode: string, id: string, actor: Actor, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await costOf(tx, connectionId, inviteCode, id);
    await tx.delete(campaignCosts).where(and(eq(campaignCosts.connectionId, connectionId), eq(campaignCosts.id, id)));
    await log(tx, before, "delete", before, null, actor, at);
  });
}
