/**
 * Fired alerts as people see them: the events of the rules they may see (their
 * own; an admin every rule of the connection), the unacknowledged count the
 * navigation shows, and acknowledging one or all.
 */
import "server-only";
import { aliasedTable, and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { alertEvents, alertRules, users } from "../db/schema";
import type { AlertEventsAnswer, AlertEventView } from "./views";

function visibleTo(user: SessionUser, connectionId: string): SQL | undefined {
  return and(eq(alertRules.connectionId, connectionId), user.role === "admin" ? undefined : eq(alertRules.ownerUserId, user.id));
}

export async function unacknowledgedCount(db: Db, user: SessionUser, connectionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alertEvents)
    .innerJoin(alertRules, eq(alertRules.id, alertEvents.ruleId))
    .where(and(visibleTo(user, connectionId), isNull(alertEvents.acknowledgedAt)));
  return Number(row?.n ?? 0);
}

/** The latest events (newest first), unacknowledged ones only when asked. */
export async function listEvents(db: Db, user: SessionUser, connectionId: string, options: { limit?: number; unacknowledgedOnly?: boolean } = {}): Promise<AlertEventsAnswer> {
  const acker = aliasedTable(users, "acker");
  const rows = await db
    .select({ event: alertEvents, ruleName: alertRules.name, ackEmail: acker.email })
    .from(alertEvents)
    .innerJoin(alertRules, eq(alertRules.id, alertEvents.ruleId))
    .leftJoin(acker, eq(acker.id, alertEvents.acknowledgedBy))
    .where(and(visibleTo(user, connectionId), options.unacknowledgedOnly ? isNull(alertEvents.acknowledgedAt) : undefined))
    .orderBy(desc(alertEvents.firedAt), desc(alertEvents.id))
    .limit(options.limit ?? 200);
  const events: AlertEventView[] = rows.map(({ event, ruleName, ackEmail }) => ({
    id: event.id,
    ruleId: event.ruleId,
    ruleName,
    firedAt: event.firedAt.toISOString(),
    sentence: event.sentence,
    figures: event.figures as Record<string, string>,
    links: event.links as AlertEventView["links"],
    acknowledgedAt: event.acknowledgedAt?.toISOString() ?? null,
    acknowledgedByEmail: event.acknowledgedAt ? (ackEmail ?? "(removed user)") : null,
  }));
  return { events, unacknowledged: await unacknowledgedCount(db, user, connectionId) };
}

/** Acknowledges the given events (or every visible one); answers how many changed. Events the user cannot see are left alone. */
export async function acknowledgeEvents(db: Db, user: SessionUser, connectionId: string, ids: readonly string[] | "all", now: Date): Promise<number> {
  const visible = db
    .select({ id: alertEvents.id })
    .from(alertEvents)
    .innerJoin(alertRules, eq(alertRules.id, alertEvents.ruleId))
    .where(and(visibleTo(user, connectionId), isNull(alertEvents.acknowledgedAt), ids === "all" ? undefined : inArray(alertEvents.id, [...ids])));
  const changed = await db
    .update(alertEvents)
    .set({ acknowledgedAt: now, acknowledgedBy: user.id })
    .where(and(inArray(alertEvents.id, visible), isNull(alertEvents.acknowledgedAt)))
    .returning({ id: alertEvents.id });
  return changed.length;
}
