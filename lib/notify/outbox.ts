/**
 * The one way anything asks for a message to be sent: a row in `deliveries`.
 * The sender (lib/notify, its worker) drains the table. The dedupe key makes a
 * decision idempotent: the same digest run or fired alert enqueued twice — by
 * two app instances, or again after a crash — is one row, so one message.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { deliveries, type DeliveryRow } from "../db/schema";

/** An attachment is described, not stored: the sender renders it when it sends (a share link's PDF). */
export const attachmentSchema = z.object({ kind: z.literal("share-pdf"), linkId: z.string().min(1), filename: z.string().min(1).max(200) });
export const mailMessageSchema = z.object({
  subject: z.string().min(1).max(300),
  text: z.string(),
  html: z.string(),
  attachments: z.array(attachmentSchema).max(5).optional(),
});
/** `text` is what Slack-compatible receivers show as is; `body` is the JSON the webhook posts (text included). */
export const webhookMessageSchema = z.object({ body: z.record(z.string(), z.unknown()), text: z.string() });

export type MailMessage = z.output<typeof mailMessageSchema>;
export type WebhookMessage = z.output<typeof webhookMessageSchema>;

export type DeliveryRequest = {
  dedupeKey: string;
  origin: { kind: "digest" | "alert" | "test"; id: string };
  ownerUserId: string;
} & ({ channel: "mail"; to: string[]; message: MailMessage } | { channel: "webhook"; endpointId: string; message: WebhookMessage });

/** Queues the message unless its dedupe key is already queued; answers the row either way. */
export async function enqueueDelivery(db: Db, request: DeliveryRequest, now: Date = new Date()): Promise<{ row: DeliveryRow; created: boolean }> {
  const message = request.channel === "mail" ? mailMessageSchema.parse(request.message) : webhookMessageSchema.parse(request.message);
  const target = request.channel === "mail" ? { to: request.to } : { endpointId: request.endpointId };
  const inserted = await db
    .insert(deliveries)
    .values({
      id: `dlv_${randomBytes(12).toString("base64url")}`,
      dedupeKey: request.dedupeKey,
      originKind: request.origin.kind,
      originId: request.origin.id,
      ownerUserId: request.ownerUserId,
      channel: request.channel,
      target,
      message,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: deliveries.dedupeKey })
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db.select().from(deliveries).where(eq(deliveries.dedupeKey, request.dedupeKey));
  if (!existing[0]) throw new Error(`delivery ${request.dedupeKey} neither inserted nor found`);
  return { row: existing[0], created: false };
}
