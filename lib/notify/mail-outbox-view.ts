/**
 * Reading the in-app outbox: the list (admins see every message, everyone else
 * their own) and one message parsed back from the stored bytes with mailparser —
 * so the page shows what the message is, not what we meant it to be.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { hasRole, type Role } from "../auth/roles";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface Reader {
  id: string;
  role: Role;
}

export interface OutboxListItem {
  id: string;
  subject: string;
  to: string;
  createdAt: Date;
  attachmentCount: number;
  ownerUserId: string;
}

export interface OutboxMessage {
  id: string;
  headers: Array<{ name: string; value: string }>;
  text: string;
  html: string | null;
  attachments: Array<{ index: number; filename: string; contentType: string; size: number }>;
  createdAt: Date;
}

const ownScope = (reader: Reader) => (hasRole(reader.role, "admin") ? undefined : eq(mailOutbox.ownerUserId, reader.id));

export async function listOutbox(db: Db, reader: Reader, limit = 100): Promise<OutboxListItem[]> {
  return db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      to: mailOutbox.toAddresses,
      createdAt: mailOutbox.createdAt,
      attachmentCount: mailOutbox.attachmentCount,
      ownerUserId: mailOutbox.ownerUserId,
    })
    .from(mailOutbox)
    .where(ownScope(reader))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

/** The message as parsed from its raw bytes, or undefined when it does not exist or is not the reader's. */
async function parsedMessage(db: Db, reader: Reader, id: string) {
  const [row] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.id, id), ownScope(reader))).limit(1);
  if (!row) return undefined;
  return { row, parsed: await simpleParser(Buffer.from(row.raw, "latin1"), { skipImageLinks: true, skipTextToHtml: true }) };
}

const SHOWN_HEADERS = ["from", "to", "cc", "subject", "date", "message-id", "x-delivery-id"] as const;

const isAddressObject = (value: unknown): value is AddressObject => typeof value === "object" && value !== null && "text" in value && "value" in value;

/**
 * A header as a person reads it: decoded (a subject or name outside ASCII travels as RFC 2047 encoded words,
 * "=?UTF-8?Q?…?=", and long lines are folded), from mailparser's reading; the raw line, unfolded, for the rest (dates).
 */
function readableHeader(parsed: ParsedMail, name: string, rawValue: string): string {
  const value = parsed.headers.get(name);
  if (typeof value === "string") return value;
  if (isAddressObject(value)) return value.text;
  return rawValue.replace(/\r?\n[ \t]+/g, " ");
}

export async function readOutboxMessage(db: Db, reader: Reader, id: string): Promise<OutboxMessage | undefined> {
  const found = await parsedMessage(db, reader, id);
  if (!found) return undefined;
  const { row, parsed } = found;
  const headers = SHOWN_HEADERS.flatMap((name) => {
    const line = parsed.headerLines.find((h) => h.key === name);
    return line ? [{ name: line.line.slice(0, line.line.indexOf(":")), value: readableHeader(parsed, name, line.line.slice(line.line.indexOf(":") + 1).trim()) }] : [];
  });
  return {
    id: row.id,
    headers,
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
    attachments: parsed.attachments.map((a, index) => ({ index, filename: a.filename ?? `attachment-${index + 1}`, contentType: a.contentType, size: a.size })),
    createdAt: row.createdAt,
  };
}

export async function outboxAttachment(db: Db, reader: Reader, id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer } | undefined> {
  const found = await parsedMessage(db, reader, id);
  const attachment = found?.parsed.attachments[index];
  if (!attachment) return undefined;
  return { filename: attachment.filename ?? `attachment-${index + 1}`, contentType: attachment.contentType, content: attachment.content };
}

/**
 * The HTML part made safe to show in the page: a sandboxed iframe (no scripts,
 * no forms, an opaque origin) gets it as `srcdoc`, and this CSP — no scripts, no
 * network at all (no tracking pixels, no remote fonts), inline styles and data:
 * images only — is put first in the document, before anything the mail says.
 */
export const OUTBOX_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

export function sandboxedHtml(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${OUTBOX_HTML_CSP}"><base target="_blank"></head><body>${html}</body></html>`;
}
