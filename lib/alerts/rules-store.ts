/**
 * Alert rules: create, edit, pause, mute, delete, list. Analysts and above make
 * their own; an admin sees every rule of the connection and may pause, mute or
 * delete any; only the creator edits one (it speaks with their eyes).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session-user";
import { now as clockNow } from "../clock";
import type { Db } from "../db/client";
import { alertRules, users, type AlertRuleRow } from "../db/schema";
import { endpointLabels, refsOf } from "../notify/endpoint-refs";
import { channelsSchema, describeRule, ruleParamsSchema, type RuleInput } from "./kinds";
import type { AlertRuleView } from "./views";

const isAdmin = (user: Pick<SessionUser, "role">) => user.role === "admin";
export const canManageRule = (user: Pick<SessionUser, "id" | "role">, rule: Pick<AlertRuleRow, "ownerUserId">) => isAdmin(user) || rule.ownerUserId === user.id;
export const canEditRule = (user: Pick<SessionUser, "id">, rule: Pick<AlertRuleRow, "ownerUserId">) => rule.ownerUserId === user.id;

/** `labels`: the labels of the webhook endpoints that still exist (lib/notify/endpoint-refs.ts). */
export function ruleView(rule: AlertRuleRow, ownerEmail: string, user: Pick<SessionUser, "id" | "role">, labels: ReadonlyMap<string, string>, now: Date = clockNow()): AlertRuleView {
  const params = ruleParamsSchema.parse(rule.params);
  const channels = channelsSchema.parse(rule.channels);
  return {
    id: rule.id,
    name: rule.name,
    kind: params.kind,
    params,
    description: describeRule(params),
    channels,
    webhookEndpoints: refsOf(channels.webhooks, labels),
    cooldownMinutes: rule.cooldownMinutes,
    mutedUntil: rule.mutedUntil?.toISOString() ?? null,
    muted: rule.mutedUntil !== null && rule.mutedUntil > now,
    paused: rule.pausedAt !== null,
    ownerEmail,
    canEdit: canEditRule(user, rule),
    canManage: canManageRule(user, rule),
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

/** The connection's rules the user may see: their own; an admin every one. */
export async function listRules(db: Db, user: SessionUser, connectionId: string): Promise<AlertRuleView[]> {
  const rows = await db
    .select({ rule: alertRules, email: users.email })
    .from(alertRules)
    .leftJoin(users, eq(users.id, alertRules.ownerUserId))
    .where(and(eq(alertRules.connectionId, connectionId), isAdmin(user) ? undefined : eq(alertRules.ownerUserId, user.id)))
    .orderBy(desc(alertRules.createdAt));
  const labels = await endpointLabels(
    db,
    rows.flatMap((r) => channelsSchema.parse(r.rule.channels).webhooks),
  );
  return rows.map((r) => ruleView(r.rule, r.email ?? "(removed user)", user, labels));
}

/** One rule's view, its endpoints looked up (the routes' answers). */
export async function ruleViewOf(db: Db, rule: AlertRuleRow, ownerEmail: string, user: Pick<SessionUser, "id" | "role">): Promise<AlertRuleView> {
  return ruleView(rule, ownerEmail, user, await endpointLabels(db, channelsSchema.parse(rule.channels).webhooks));
}

export async function createRule(db: Db, input: RuleInput, connectionId: string, user: SessionUser, now: Date): Promise<AlertRuleRow> {
  const [row] = await db
    .insert(alertRules)
    .values({
      id: `alr_${randomBytes(12).toString("base64url")}`,
      ownerUserId: user.id,
      connectionId,
      name: input.name,
      kind: input.params.kind,
      params: input.params,
      channels: input.channels,
      cooldownMinutes: input.cooldownMinutes,
      createdBy: user.id,
      updatedBy: user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The rule if the user may see it (404 otherwise: another user's rule is not acknowledged to exist). */
export async function visibleRule(db: Db, id: string, user: SessionUser): Promise<AlertRuleRow> {
  const [rule] = await db.select().from(alertRules).where(eq(alertRules.id, id));
  if (!rule || !canManageRule(user, rule)) throw new ApiError(404, "NOT_FOUND", "no such alert rule");
  return rule;
}

export async function updateRule(db: Db, id: string, input: RuleInput, user: SessionUser, now: Date): Promise<AlertRuleRow> {
  const rule = await visibleRule(db, id, user);
  if (!canEditRule(user, rule)) throw new ApiError(403, "FORBIDDEN", "only the rule's creator can change its settings");
  const [row] = await db
    .update(alertRules)
    .set({ name: input.name, kind: input.params.kind, params: input.params, channels: input.channels, cooldownMinutes: input.cooldownMinutes, updatedBy: user.id, updatedAt: now })
    .where(eq(alertRules.id, id))
    .returning();
  return row!;
}

export async function setRuleState(db: Db, id: string, change: { paused?: boolean; mutedUntil?: Date | null }, user: SessionUser, now: Date): Promise<AlertRuleRow> {
  await visibleRule(db, id, user);
  const set: Partial<typeof alertRules.$inferInsert> = { updatedBy: user.id, updatedAt: now };
  if (change.paused !== undefined) {
    set.pausedAt = change.paused ? now : null;
    set.pausedBy = change.paused ? user.id : null;
  }
  if (change.mutedUntil !== undefined) set.mutedUntil = change.mutedUntil;
  const [row] = await db.update(alertRules).set(set).where(eq(alertRules.id, id)).returning();
  return row!;
}

export async function deleteRule(db: Db, id: string, user: SessionUser): Promise<void> {
  await visibleRule(db, id, user);
  await db.delete(alertRules).where(eq(alertRules.id, id));
}
