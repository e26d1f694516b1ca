/**
 * The "send a test" actions: a real delivery (origin `test`) through the same
 * outbox and worker as digests and alerts, sent at once, answering how it went.
 * A test mail goes to the user's own address with the Overview of the last 30
 * days attached as PDF (a short-lived internal share link, printed at send time).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { rateLimitStore } from "../auth/rate-limit-store";
import { now } from "../clock";
import type { Db } from "../db/client";
import { deliveries } from "../db/schema";
import { parseReportFilters } from "../reports/filters";
import { scopeFromFilters } from "../share/scope";
import { createShareLink } from "../share/store";
import { enqueueDelivery } from "./outbox";
import { sendDueNow } from "./scheduler";
import type { TestDeliveryResult } from "./test-result";

export type { TestDeliveryResult } from "./test-result";


/** How long the test mail's internal link stays open: long enough for every retry of a mail that could not go at once. */
const TEST_LINK_MS = 24 * 60 * 60_000;

/**
 * Test sends per user in 10 minutes: a test mail prints a PDF (seconds of Chromium), a webhook
 * test reaches out to an endpoint; people need a few, a loop gets a 429.
 */
export const TEST_SENDS_PER_WINDOW = { mail: 3, webhook: 10 } as const;
const TEST_WINDOW_MS = 10 * 60_000;

async function countTestSend(userId: string, channel: keyof typeof TEST_SENDS_PER_WINDOW): Promise<void> {
  const max = TEST_SENDS_PER_WINDOW[channel];
  const count = await rateLimitStore(`notify-test-${channel}`).hit(userId, TEST_WINDOW_MS, Date.now());
  if (count > max) {
    throw new ApiError(429, "TEST_SEND_LIMITED", `at most ${max} test ${channel === "mail" ? "mails" : "webhooks"} in 10 minutes; try again later`, undefined, { "Retry-After": "60" });
  }
}

async function sendAndReport(db: Db, id: string): Promise<TestDeliveryResult> {
  await sendDueNow([id]);
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
  if (!row) throw new Error(`delivery ${id} vanished`);
  return { deliveryId: row.id, status: row.status, attempts: row.attempts, lastError: row.lastError };
}

export async function sendTestWebhook(db: Db, user: { id: string }, endpoint: { id: string; label: string }): Promise<TestDeliveryResult> {
  await countTestSend(user.id, "webhook");
  const at = now();
  const { row } = await enqueueDelivery(
    db,
    {
      dedupeKey: `test:webhook:${endpoint.id}:${randomBytes(8).toString("hex")}`,
      origin: { kind: "test", id: endpoint.id },
      ownerUserId: user.id,
      channel: "webhook",
      endpointId: endpoint.id,
      message: { body: { kind: "test", endpoint: endpoint.label, sentAt: at.toISOString() }, text: `Rebate Desk test message for "${endpoint.label}": this endpoint receives signed webhooks.` },
    },
    at,
  );
  return sendAndReport(db, row.id);
}

export async function sendTestMail(db: Db, user: { id: string; email: string }, connectionId: string): Promise<TestDeliveryResult> {
  await countTestSend(user.id, "mail");
  const at = now();
  const { link } = await createShareLink(
    db,
    {
      connectionId,
      report: "overview",
      scope: scopeFromFilters(parseReportFilters(new URLSearchParams("range=30d"), at)),
      mode: "live",
      expiry: "1d",
      expiresAt: new Date(at.getTime() + TEST_LINK_MS),
      redactUids: false,
      percentages: false,
      label: `Test mail for ${user.email}`,
      internal: true,
      user,
    },
    at,
  );
  const text = [
    "This is a test message from Rebate Desk.",
    "",
    "Digests and alerts you subscribe to arrive like this one. The Overview of the last 30 days is attached as PDF.",
  ].join("\n");
  const html = `<h1 style="font:600 20px sans-serif">Rebate Desk test message</h1><p style="font:14px sans-serif">Digests and alerts you subscribe to arrive like this one. The Overview of the last 30 days is attached as PDF.</p>`;
  const { row } = await enqueueDelivery(
    db,
    {
      dedupeKey: `test:mail:${user.id}:${randomBytes(8).toString("hex")}`,
      origin: { kind: "test", id: link.id },
      ownerUserId: user.id,
      channel: "mail",
      to: [user.email],
      message: { subject: "Rebate Desk test message", text, html, attachments: [{ kind: "share-pdf", linkId: link.id, filename: "overview-last-30-days" }] },
    },
    at,
  );
  return sendAndReport(db, row.id);
}
