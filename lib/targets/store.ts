/**
 * The connection's targets and tier thresholds: list, create, edit (value and name), delete — each change logged in
 * its transaction (target_changes: who, when, the fields before and after), as annotations and campaign costs log
 * theirs, so the Change log never misses one nor shows one that did not happen. A second target for the same figure
 * and period, or a second tier of the same name, is a 409 naming the one there is (edit it instead).
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { targetChanges, targets, type TargetRow } from "../db/schema";
import type { TargetFields } from "../change-log/target-words";
import { isUniqueViolation } from "../db/unique-violation";
import { timeOrderedId, type DbOrTx } from "../invitee-work/log";
import { WHOLE_WORDS, type TargetInput } from "./inputs";
import { isCountMetric, periodKeyInWords, TARGET_METRICS, type Target, type TargetMetric } from "./types";
import { metric as metricDefinition } from "../metrics/definitions";

type Actor = { email: string };

const isMetric = (m: string): m is TargetMetric => (TARGET_METRICS as readonly string[]).includes(m);
/** numeric as text, without the trailing zeros PostgreSQL may keep. */
const plain = (n: string): string => (n.includes(".") ? n.replace(/\.?0+$/, "") : n);

function view(row: TargetRow): Target {
  return {
    id: row.id,
    kind: row.kind === "tier" ? "tier" : "target",
    name: row.name,
    metric: isMetric(row.metric) ? row.metric : "commissionAllCoins",
    period: row.period === "quarter" ? "quarter" : "month",
    starts: row.starts,
    value: plain(row.value),
    updatedAt: row.updatedAt.getTime(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** Targets by period then figure; tiers after them by figure then value. */
export async function listTargets(db: Db, connectionId: string): Promise<Target[]> {
  const rows = await db.select().from(targets).where(eq(targets.connectionId, connectionId)).orderBy(asc(targets.kind), asc(targets.starts), asc(targets.metric), asc(targets.value));
  return rows.map(view);
}

const fieldsOf = (row: TargetRow): TargetFields => {
  const { kind, name, metric, period, starts, value } = view(row);
  return { kind, name, metric, period, starts, value };
};

async function log(tx: DbOrTx, row: TargetRow, action: "create" | "update" | "delete", before: TargetRow | null, after: TargetRow | null, actor: Actor, at: Date): Promise<void> {
  await tx.insert(targetChanges).values({
    id: timeOrderedId("tlog_", at),
    connectionId: row.connectionId,
    targetId: row.id,
    action,
    before: before ? fieldsOf(before) : null,
    after: after ? fieldsOf(after) : null,
    byEmail: actor.email,
    at,
  });
}

function clash(input: Pick<TargetInput, "kind" | "metric" | "period"> & { starts?: string; name?: string | null }): ApiError {
  if (input.kind === "tier") return new ApiError(409, "TARGET_EXISTS", `a tier named "${input.name ?? ""}" already exists: edit it instead`);
  return new ApiError(409, "TARGET_EXISTS", `${metricDefinition(input.metric).label} already has a target for ${periodKeyInWords(input.starts ?? "")}: edit it instead`);
}

export async function createTarget(db: Db, connectionId: string, input: TargetInput, actor: Actor, at: Date): Promise<Target> {
  const row = {
    id: timeOrderedId("tgt_", at),
    connectionId,
    kind: input.kind,
    name: input.name === undefined || input.name === "" ? null : input.name,
    metric: input.metric,
    period: input.period,
    starts: input.kind === "target" ? input.starts : null,
    value: input.value,
    createdAt: at,
    createdByEmail: actor.email,
    updatedAt: at,
    updatedByEmail: actor.email,
  };
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.insert(targets).values(row).returning();
      await log(tx, created!, "create", null, created!, actor, at);
      return view(created!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw clash({ ...input, starts: row.starts ?? undefined });
    throw error;
  }
}

/** The row, locked for the rest of the transaction: a concurrent edit waits, so the log's "before" is what this edit changed. */
async function targetOf(db: DbOrTx, connectionId: string, id: string): Promise<TargetRow> {
  const [row] = await db.select().from(targets).where(and(eq(targets.connectionId, connectionId), eq(targets.id, id))).for("update");
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such target");
  return row;
}

export async function updateTarget(db: Db, connectionId: string, id: string, patch: { value?: string; name?: string }, actor: Actor, at: Date): Promise<Target> {
  try {
    return await db.transaction(async (tx) => {
      const before = await targetOf(tx, connectionId, id);
      if (patch.value !== undefined && isCountMetric(before.metric) && patch.value.includes(".")) {
        throw new ApiError(400, "BAD_REQUEST", `value: ${WHOLE_WORDS}`);
      }
      if (before.kind === "tier" && patch.name === "") throw new ApiError(400, "BAD_REQUEST", "name: a tier needs a name");
      const name = patch.name === undefined ? before.name : patch.name === "" ? null : patch.name;
      const value = patch.value ?? before.value;
      // The same value and name again change nothing: no write, so neither "last set by" nor the log claims a change.
      if (plain(value) === plain(before.value) && name === before.name) return view(before);
      const [updated] = await tx
        .update(targets)
        .set({ value, name, updatedAt: at, updatedByEmail: actor.email })
        .where(and(eq(targets.connectionId, connectionId), eq(targets.id, id)))
        .returning();
      await log(tx, updated!, "update", before, updated!, actor, at);
      return view(updated!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw clash({ kind: "tier", metric: "commissionAllCoins", period: "month", name: patch.name ?? null });
    throw error;
  }
}

export async function deleteTarget(db: Db, connectionId: string, id: string, actor: Actor, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await targetOf(tx, connectionId, id);
    await tx.delete(targets).where(and(eq(targets.connectionId, connectionId), eq(targets.id, id)));
    await log(tx, before, "delete", before, null, actor, at);
  });
}
