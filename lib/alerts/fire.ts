/**
 * Firing one condition: at most once per cooldown, never twice on the same
 * data, exactly once however many instances evaluate at the same moment. The
 * event row is inserted ON CONFLICT DO NOTHING on (rule, condition, cooldown
 * window start); only the instance whose insert landed enqueues the messages
 * (each with the dedupe key alert:<eventId>:<target>, so even a retry queues one).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { alertEvents, type AlertEventRow, type AlertRuleRow } from "../db/schema";
import { enqueueDelivery } from "../notify/outbox";
import type { RuleChannels } from "./kinds";
import { alertMail, alertWebhook } from "./messages";
import type { AlertCandidate } from "./types";

/** The start of the cooldown window holding an instant: what two simultaneous evaluations agree on. */
export function cooldownWindowStart(at: Date, cooldownMinutes: number): Date {
  const ms = cooldownMinutes * 60_000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

export async function fireCandidate(db: Db, rule: AlertRuleRow, channels: RuleChannels, c: AlertCandidate, now: Date): Promise<AlertEventRow | null> {
  const cooldownFrom = new Date(now.getTime() - rule.cooldownMinutes * 60_000);
  const held = await db
    .select({ id: alertEvents.id })
    .from(alertEvents)
    .where(
      and(
        eq(alertEvents.ruleId, rule.id),
        eq(alertEvents.conditionKey, c.conditionKey),
        // Within the cooldown, or the same data already fired (unchanged data never fires again).
        or(gt(alertEvents.firedAt, cooldownFrom), eq(alertEvents.subject, c.subject)),
      ),
    )
    .limit(1);
  if (held.length > 0) return null;
  const inserted = await db
    .insert(alertEvents)
    .values({
      id: `alv_${randomBytes(12).toString("base64url")}`,
      ruleId: rule.id,
      connectionId: rule.connectionId,
      conditionKey: c.conditionKey,
      subject: c.subject,
      windowStart: cooldownWindowStart(now, rule.cooldownMinutes),
      firedAt: now,
      sentence: c.sentence,
      figures: c.figures,
      links: c.links,
    })
    .onConflictDoNothing()
    .returning();
  const event = inserted[0];
  if (!event) return null; // another instance fired it this very window
  const forMessage = { ...c, id: event.id, ruleId: rule.id, ruleName: rule.name, firedAt: now, connectionId: rule.connectionId };
  const origin = { kind: "alert" as const, id: event.id };
  for (const to of channels.mail) {
    await enqueueDelivery(db, { dedupeKey: `alert:${event.id}:mail:${to}`, origin, ownerUserId: rule.ownerUserId, channel: "mail", to: [to], message: alertMail(forMessage) }, now);
  }
  for (const endpointId of channels.webhooks) {
    await enqueueDelivery(
      db,
      { dedupeKey: `alert:${event.id}:webhook:${endpointId}`, origin, ownerUserId: rule.ownerUserId, channel: "webhook", endpointId, message: alertWebhook(forMessage) },
      now,
    );
  }
  return event;
}
