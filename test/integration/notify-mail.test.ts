/**
 * Mail delivery: over SMTP to a real smtp-server in this process (AUTH required, STARTTLS off),
 * read back with mailparser — text and HTML alternatives, the stable Message-ID, and the share
 * link's PDF rendered at send time by the server's Chromium (pdfjs reads it); a temporary refusal
 * is retried; a wrong password is reported without the password. In demo mode without SMTP_URL
 * the same message lands in the in-app outbox, once. The page Chromium prints is served by a
 * small local page server standing in for the app (APP_INTERNAL_URL), as in pdf-renders.test.ts.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetMasterKeyCache } from "@/lib/crypto/master-key";
import { createDb, type DbHandle } from "@/lib/db/client";
import { deliveries, deliveryAttempts, mailOutbox } from "@/lib/db/schema";
import { enqueueDelivery, type MailMessage } from "@/lib/notify/outbox";
import { deliverySettings } from "@/lib/notify/settings";
import { drainNow } from "@/lib/notify/worker";
import { parseReportFilters } from "@/lib/reports/filters";
import { scopeFromFilters } from "@/lib/share/scope";
import { createShareLink } from "@/lib/share/store";
import { readPdf } from "../../e2e/support/pdf";
import { startMailServer, type TestMailServer } from "../support/mail-server";

const saved = { ...process.env };
const T0 = new Date();
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const SMTP_USER = "rebate-desk";
const SMTP_PASSWORD = "s3cret-smtp-pa55";
let smtp: TestMailServer;
let pages: Server;
let handle: DbHandle;
let linkId = "";

beforeAll(async () => {
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("hex");
  delete process.env.WEEX_SPOT_BASE_URL;
  delete process.env.SMTP_URL;
  resetMasterKeyCache();
  smtp = await startMailServer({ user: SMTP_USER, password: SMTP_PASSWORD });
  pages = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><body><h1>Weekly commissions</h1><p>Printed page ${new URL(request.url ?? "/", "http://x").pathname.slice(0, 6)}</p></body></html>`);
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  process.env.APP_INTERNAL_URL = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  handle = await createDb({ dataDir: "memory" });
  const { link } = await createShareLink(handle.db, {
    connectionId: "sandbox",
    report: "commissions",
    scope: scopeFromFilters(parseReportFilters(new URLSearchParams("range=7d"))),
    mode: "live",
    expiry: "7d",
    redactUids: false,
    percentages: false,
    label: "digest",
    internal: true,
    user: { id: "user_1", email: "owner@example.com" },
  });
  linkId = link.id;
});
afterAll(async () => {
  await handle.close();
  await smtp.close();
  await new Promise((resolve) => pages.close(resolve));
  process.env = saved;
  resetMasterKeyCache();
});

const message = (): MailMessage => ({
  subject: "Weekly commissions: 12.50 USDT (+4 %)",
  text: "Commission 12.50 USDT, up 4 % on the week before.",
  html: "<p>Commission <strong>12.50 USDT</strong>, up 4 % on the week before.</p>",
  attachments: [{ kind: "share-pdf", linkId, filename: "commissions" }],
});

async function enqueueMail(key: string) {
  const { row } = await enqueueDelivery(handle.db, { dedupeKey: key, origin: { kind: "digest", id: "sub_1" }, ownerUserId: "user_1", channel: "mail", to: ["partner@example.com"], message: message() }, T0);
  return row;
}

describe("mail over SMTP", () => {
  const smtpSettings = (url: string) => ({ ...deliverySettings({ ...process.env, SMTP_URL: url, MAIL_FROM: "Rebate Desk <reports@rebatedesk.example>" }), smtpTimeoutMs: 5_000 });

  it("sends text, HTML and the link's PDF, with a Message-ID derived from the delivery; a 451 is retried", async () => {
    const row = await enqueueMail("smtp-1");
    smtp.refuseNext = 1;
    const first = await drainNow({ db: handle.db, now: at(0), settings: smtpSettings(smtp.url), workerId: "w1", random: () => 1, backoff: { baseMs: 1_000, capMs: 1_000 } });
    expect(first).toMatchObject({ retried: 1 });
    expect(await drainNow({ db: handle.db, now: at(1_001), settings: smtpSettings(smtp.url), workerId: "w1" })).toMatchObject({ sent: 1 });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(["partner@example.com"]);
    expect(mail.parsed.subject).toBe("Weekly commissions: 12.50 USDT (+4 %)");
    expect(mail.parsed.messageId).toBe(`<${row.id}@rebatedesk.example>`);
    expect(mail.parsed.headers.get("x-delivery-id")).toBe(row.id);
    expect(mail.parsed.text?.trim()).toBe("Commission 12.50 USDT, up 4 % on the week before.");
    expect(mail.parsed.html).toContain("<strong>12.50 USDT</strong>");
    expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([["commissions.pdf", "application/pdf"]]);
    const pdf = await readPdf(new Uint8Array(mail.parsed.attachments[0]!.content));
    expect(pdf.text).toContain("Weekly commissions");
    const attempts = await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row.id));
    expect(attempts.map((a) => a.outcome).sort()).toEqual(["retry", "sent"]);
  }, 90_000);

  it("reports a refused sign-in without ever writing the password", async () => {
    const row = await enqueueMail("smtp-bad-password");
    const wrong = smtp.url.replace(encodeURIComponent(SMTP_PASSWORD), "wr0ng-pa55word");
    expect(await drainNow({ db: handle.db, now: at(0), settings: smtpSettings(wrong), workerId: "w1" })).toMatchObject({ retried: 1 });
    const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done?.lastError).toMatch(/mail server refused/);
    const everything = JSON.stringify([await handle.db.select().from(deliveryAttempts), await handle.db.select().from(deliveries)]);
    expect(everything).not.toContain("wr0ng-pa55word");
    expect(everything).not.toContain(SMTP_PASSWORD);
  }, 60_000);
});

describe("a mail server that never answers", () => {
  it("runs into the SMTP timeout and is retried later", async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => void sockets.push(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `smtp://u:p@127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const settings = { ...deliverySettings({ ...process.env, SMTP_URL: url, MAIL_FROM: "d@example.com" }), smtpTimeoutMs: 500 };
      const row = await enqueueMail("smtp-silent");
      const started = Date.now();
      expect(await drainNow({ db: handle.db, now: at(0), settings, workerId: "w1", ids: [row.id] })).toMatchObject({ retried: 1 });
      expect(Date.now() - started).toBeLessThan(10_000); // the PDF render included
      const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
      expect(done?.lastError).toMatch(/greeting never received|timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);
});

describe("mail in demo mode without SMTP_URL", () => {
  it("lands in the in-app outbox, the whole message as it would be sent, once", async () => {
    const settings = deliverySettings({ ...process.env, SMTP_URL: "" });
    expect(settings.mail.kind).toBe("outbox");
    const row = await enqueueMail("outbox-1");
    expect(await drainNow({ db: handle.db, now: at(0), settings, workerId: "w1", ids: [row.id] })).toMatchObject({ sent: 1 });
    const stored = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.deliveryId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ownerUserId: "user_1", subject: "Weekly commissions: 12.50 USDT (+4 %)", toAddresses: "partner@example.com", attachmentCount: 1 });
    const parsed = await simpleParser(Buffer.from(stored[0]!.raw, "latin1"));
    expect(parsed.messageId).toBe(stored[0]!.messageId);
    expect(parsed.html).toContain("<strong>12.50 USDT</strong>");
    expect((await readPdf(new Uint8Array(parsed.attachments[0]!.content))).text).toContain("Weekly commissions");
    // An instance killed after storing but before its commit: the row is due again, and a second send stores nothing new.
    await handle.db.update(deliveries).set({ status: "pending", leaseOwner: null, leaseUntil: null }).where(eq(deliveries.id, row.id));
    expect(await drainNow({ db: handle.db, now: at(1), settings, workerId: "w2", ids: [row.id] })).toMatchObject({ sent: 1 });
    expect(await handle.db.select().from(mailOutbox).where(eq(mailOutbox.deliveryId, row.id))).toHaveLength(1);
  }, 60_000);

  it("outside demo mode, with no SMTP_URL, fails the delivery saying what to set", async () => {
    const settings = deliverySettings({ ...process.env, SMTP_URL: "", WEEX_SPOT_BASE_URL: "https://api.example.com" });
    const row = await enqueueMail("no-smtp");
    expect(await drainNow({ db: handle.db, now: at(0), settings, workerId: "w1", ids: [row.id] })).toMatchObject({ failed: 1 });
    const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done?.lastError).toBe("no mail server is configured (set SMTP_URL and MAIL_FROM)");
  });
});
