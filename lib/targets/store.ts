/**
 * The connection's targets and tier thresholds: list, create, edit (value and name), delete. A second target for the
 * same figure and period, or a second tier of the same name, is a 409 naming the one there is (edit it instead).
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { targets, type TargetRow } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { timeOrderedId } from "../invitee-work/log";
import type { TargetInput } from "./inputs";
import { periodKeyInWords, TARGET_METRICS, type Target, type TargetMetric } from "./types";
import { metric as metricDefinition } from "../metrics/definitions";

type Actor = { email: string };

const isMetric = (m: string): m is TargetMetric => (TARGET_METRICS as readonly string[]).includes(m);

function view(row: TargetRow): Target {
  return {
    id: row.id,
    kind: row.kind === "tier" ? "tier" : "target",
    name: row.name,
    metric: isMetric(row.metric) ? row.metric : "commissionAllCoins",
    period: row.period === "quarter" ? "quarter" : "month",
    starts: row.starts,
    // numeric as text, without the trailing zeros PostgreSQL may keep.
    value: row.value.includes(".") ? row.value.replace(/\.?0+$/, "") : row.value,
    updatedAt: row.updatedAt.getTime(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** Targets by period then figure; tiers after them by figure then value. */
export async function listTargets(db: Db, connectionId: string): Promise<Target[]> {
  const rows = await db.select().from(targets).where(eq(targets.connectionId, connectionId)).orderBy(asc(targets.kind), asc(targets.starts), asc(targets.metric), asc(targets.value));
  return rows.map(view);
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
    const [created] = await db.insert(targets).values(row).returning();
    return view(created!);
  } catch (error) {
    if (isUniqueViolation(error)) throw clash({ ...input, starts: row.starts ?? undefined });
    throw error;
  }
}

async function targetOf(db: Db, connectionId: string, id: string): Promise<TargetRow> {
  const [row] = await db.select().from(targets).where(and(eq(targets.connectionId, connectionId), eq(targets.id, id)));
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such target");
  return row;
}

export async function updateTarget(db: Db, connectionId: string, id: string, patch: { value?: string; name?: string }, actor: Actor, at: Date): Promise<Target> {
  const before = await targetOf(db, connectionId, id);
  if (patch.value !== undefined && before.metric === "newTraders" && patch.value.includes(".")) {
    throw new ApiError(400, "BAD_REQUEST", "value: new traders are counted in whole people: give a whole number");
  }
  if (before.kind === "tier" && patch.name === "") throw new ApiError(400, "BAD_REQUEST", "name: a tier needs a name");
  const name = patch.name === undefined ? before.name : patch.name === "" ? null : patch.name;
  try {
    const [updated] = await db
      .update(targets)
      .set({ value: patch.value ?? before.value, name, updatedAt: at, updatedByEmail: actor.email })
      .where(and(eq(targets.connectionId, connectionId), eq(targets.id, id)))
      .returning();
    return view(updated!);
  } catch (error) {
    if (isUniqueViolation(error)) throw clash({ kind: "tier", metric: "commissionAllCoins", period: "month", name });
    throw error;
  }
}

export async function deleteTarget(db: Db, connectionId: string, id: string): Promise<void> {
  await targetOf(db, connectionId, id);
  await db.delete(targets).where(and(eq(targets.connectionId, connectionId), eq(targets.id, id)));
}
