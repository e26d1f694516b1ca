/**
 * Attachments are rendered when the mail is sent, not when it is queued: a
 * `share-pdf` attachment is its share link's PDF, printed by the server's
 * Chromium from the link's own page (lib/export/pdf.ts), exactly as the link's
 * PDF route prints it — so the mail shows what the link shows, nothing more.
 */
import "server-only";
import { renderPdf, printUrl } from "../export/pdf";
import type { Db } from "../db/client";
import { findShareLink, resolveShareToken } from "../share/store";
import { tokenForLink } from "../share/token";
import { unlockCookie } from "../share/unlock";
import type { MailMessage } from "./outbox";
import { SendError } from "./send-error";

export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Where the server reaches its own pages without a request at hand: APP_INTERNAL_URL, else 127.0.0.1 on PORT. */
export function selfOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.APP_INTERNAL_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  if (env.PORT) return `http://127.0.0.1:${env.PORT}`;
  return "http://127.0.0.1:3000";
}

const pdfName = (name: string) => (name.toLowerCase().endsWith(".pdf") ? name : `${name}.pdf`);

export async function renderAttachments(db: Db, message: MailMessage, now: Date): Promise<RenderedAttachment[]> {
  const out: RenderedAttachment[] = [];
  for (const attachment of message.attachments ?? []) {
    const link = await findShareLink(db, attachment.linkId);
    const token = link ? tokenForLink(link.id) : "";
    const open = link ? await resolveShareToken(db, token, now) : null;
    if (!link || !open) throw new SendError(`the report link of "${attachment.filename}" no longer opens (revoked, paused or expired)`, true);
    const cookies = link.passwordHash ? [unlockCookie(link)] : [];
    const content = await renderPdf({ url: printUrl(selfOrigin(), token, link.mode), cookies, orientation: "landscape" });
    out.push({ filename: pdfName(attachment.filename), contentType: "application/pdf", content });
  }
  return out;
}
