/**
 * One mail delivery as the exact bytes that leave: nodemailer's composer builds
 * the RFC 5322 message (text and HTML alternatives, PDFs attached) once, and
 * the same bytes go to the SMTP server or into the in-app outbox. The
 * Message-ID is derived from the delivery id, so a message sent twice (an
 * instance killed between the SMTP server's "250 OK" and our commit) carries
 * the same id and receivers can drop the copy.
 */
import "server-only";
import MailComposer from "nodemailer/lib/mail-composer";
import type { RenderedAttachment } from "./attachments";
import type { MailMessage } from "./outbox";

export interface ComposedMail {
  raw: Buffer;
  messageId: string;
  from: string;
  to: string[];
  envelopeFrom: string;
}

/** The address inside "Name <address>", or the bare address. */
export function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

export function messageIdFor(deliveryId: string, from: string): string {
  const domain = addressOf(from).split("@")[1] ?? "rebate-desk.local";
  return `<${deliveryId}@${domain}>`;
}

export async function composeMail(input: { deliveryId: string; from: string; to: string[]; message: MailMessage; attachments: RenderedAttachment[]; date: Date }): Promise<ComposedMail> {
  const messageId = messageIdFor(input.deliveryId, input.from);
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    subject: input.message.subject,
    text: input.message.text,
    html: input.message.html,
    messageId,
    date: input.date,
    headers: { "X-Delivery-Id": input.deliveryId },
    attachments: input.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  });
  const raw = await new Promise<Buffer>((resolve, reject) => {
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message)));
  });
  return { raw, messageId, from: input.from, to: input.to, envelopeFrom: addressOf(input.from) };
}
