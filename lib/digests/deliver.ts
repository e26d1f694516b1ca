/**
 * The messages of one digest run, asked of the outbox (lib/notify/outbox.ts):
 * one mail per recipient (each with its own unsubscribe link) and one webhook
 * message per endpoint, each under the dedupe key
 * `digest:<id>:<dueAt ISO>:<channel target>`, so a run done twice — a retry
 * after a crash, another instance — still queues each message once.
 */
import "server-only";
import type { Db } from "../db/client";
import type { DigestRow } from "../db/schema";
import { enqueueDelivery } from "../notify/outbox";
import type { DigestContent } from "./content";
import { digestMailHtml, digestMailText, digestSubject, digestWebhookBody, type DigestWords } from "./message";
import { runDedupePrefix } from "./store";
import { UNSUBSCRIBE_VALID_MS, unsubscribeToken } from "./unsubscribe-token";

export interface RunMessages {
  digest: DigestRow;
  dueAt: Date;
  content: DigestContent;
  words: DigestWords;
  appUrl: string;
  shareLinkId: string;
  now: Date;
  /** Aborted when the run's lease is lost: no further message is queued (lib/digests/run-lease.ts). */
  signal?: AbortSignal;
}

export const pdfFilename = (report: string, period: { from: string; to: string }) => `${report}_${period.from}_${period.to}.pdf`;

export async function enqueueRunMessages(db: Db, m: RunMessages): Promise<number> {
  const prefix = runDedupePrefix(m.digest.id, m.dueAt);
  const origin = { kind: "digest" as const, id: m.digest.id };
  const subject = digestSubject(m.words, m.content);
  const attachments = [{ kind: "share-pdf" as const, linkId: m.shareLinkId, filename: pdfFilename(m.content.report, m.content.period) }];
  let queued = 0;
  for (const to of m.digest.mailTo) {
    m.signal?.throwIfAborted();
    const token = unsubscribeToken({ digestId: m.digest.id, email: to, expiresAt: m.now.getTime() + UNSUBSCRIBE_VALID_MS });
    const unsubscribeUrl = `${m.appUrl}/unsubscribe/${token}`;
    await enqueueDelivery(
      db,
      {
        dedupeKey: `${prefix}mail:${to}`,
        origin,
        ownerUserId: m.digest.ownerUserId,
        channel: "mail",
        to: [to],
        message: { subject, text: digestMailText(m.words, m.content, unsubscribeUrl), html: digestMailHtml(m.words, m.content, unsubscribeUrl), attachments },
      },
      m.now,
    );
    queued += 1;
  }
  for (const endpointId of m.digest.webhookEndpointIds) {
    m.signal?.throwIfAborted();
    const body = digestWebhookBody(m.words, m.content, { digestId: m.digest.id, dueAt: m.dueAt.toISOString() });
    await enqueueDelivery(
      db,
      { dedupeKey: `${prefix}webhook:${endpointId}`, origin, ownerUserId: m.digest.ownerUserId, channel: "webhook", endpointId, message: { body, text: body.text } },
      m.now,
    );
    queued += 1;
  }
  return queued;
}
