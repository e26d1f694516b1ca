/**
 * Sends one mail delivery: renders its attachments, composes the message
 * (mail-compose.ts) and hands the bytes to the SMTP server of SMTP_URL — or, in
 * demo mode without SMTP_URL, stores them in the in-app outbox (`mail_outbox`,
 * one row per delivery, so a repeat stores nothing twice).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox, type DeliveryRow } from "../db/schema";
import { renderAttachments } from "./attachments";
import { composeMail, type ComposedMail } from "./mail-compose";
import { mailMessageSchema } from "./outbox";
import { SendError } from "./send-error";
import type { DeliverySettings, SmtpSettings } from "./settings";

async function sendSmtp(smtp: SmtpSettings, mail: ComposedMail, timeoutMs: number): Promise<void> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: { user: smtp.user, pass: smtp.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    await transport.sendMail({ envelope: { from: mail.envelopeFrom, to: mail.to }, raw: mail.raw });
  } catch (error) {
    const code = (error as { code?: unknown; responseCode?: unknown }).responseCode;
    // 5xx from the server (a refused recipient, failed auth) will not change on a retry within minutes — but auth or
    // a full mailbox can be fixed, so only a refused recipient (550/553) is treated as final.
    const permanent = code === 550 || code === 553;
    throw new SendError(`the mail server refused or did not answer: ${error instanceof Error ? error.message : String(error)}`, permanent);
  } finally {
    transport.close();
  }
}

export async function sendMail(db: Db, delivery: DeliveryRow, settings: DeliverySettings, now: Date, secrets: string[]): Promise<void> {
  if (settings.mail.kind === "none") throw new SendError("no mail server is configured (set SMTP_URL and MAIL_FROM)", true);
  if (settings.mail.kind === "smtp") secrets.push(settings.mail.smtp.password);
  const target = delivery.target as { to?: unknown };
  const to = Array.isArray(target.to) ? target.to.filter((t): t is string => typeof t === "string") : [];
  if (to.length === 0) throw new SendError("the delivery names no recipient", true);
  const message = mailMessageSchema.parse(delivery.message);
  const attachments = await renderAttachments(db, message, now);
  const mail = await composeMail({ deliveryId: delivery.id, from: settings.from, to, message, attachments, date: now });
  if (settings.mail.kind === "smtp") return sendSmtp(settings.mail.smtp, mail, settings.smtpTimeoutMs);
  await db
    .insert(mailOutbox)
    .values({
      id: `mail_${randomBytes(12).toString("base64url")}`,
      deliveryId: delivery.id,
      ownerUserId: delivery.ownerUserId,
      messageId: mail.messageId,
      fromAddress: mail.from,
      toAddresses: to.join(", "),
      subject: message.subject,
      attachmentCount: attachments.length,
      raw: mail.raw.toString("latin1"),
      createdAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.deliveryId });
}
