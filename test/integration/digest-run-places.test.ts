/**
 * Issue 24, defect 5: a digest's run history says where each message went. In
 * demo mode without SMTP_URL mail is kept in the in-app outbox and goes nowhere:
 * the history said "Sent". Here a run's deliveries are put in each state the
 * delivery worker leaves them in — one mail kept in the outbox (its mail_outbox
 * row, as the outbox sender writes it), one sent over SMTP (no such row), the
 * webhook not sent yet — and the run history (runViews, what the page shows) is
 * checked against those rows, on PGlite.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryWords } from "@/app/(dashboard)/digests/status-words";
import { resetMasterKeyCache } from "@/lib/crypto/master-key";
import { createDb, type DbHandle } from "@/lib/db/client";
import { deliveries, mailOutbox } from "@/lib/db/schema";
import { tickDigests } from "@/lib/digests/runner";
import { runViews } from "@/lib/digests/view";
import { deliveriesOf, dueDigest, loadDigestWorld, MONDAY_DUE } from "../support/digest-world";

process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
resetMasterKeyCache();

describe("a digest run's history says where its mail went", () => {
  let handle: DbHandle;
  let owner: string;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
    owner = await loadDigestWorld(handle.db);
  }, 120_000);
  afterAll(async () => handle.close());

  it("kept in the outbox, sent to the mail server, or not yet sent — never a bare 'Sent'", async () => {
    // Demo mode (no exchange URL) without SMTP_URL: mail goes to the in-app outbox.
    expect(process.env.WEEX_SPOT_BASE_URL ?? "").toBe("");
    expect(process.env.SMTP_URL ?? "").toBe("");
    const db = handle.db;
    const digest = await dueDigest(db, owner, MONDAY_DUE);
    await tickDigests(db, new Date(MONDAY_DUE + 1000), { instance: "test", appUrl: "http://app.test" });
    const rows = await deliveriesOf(db, digest.id);
    const mailA = rows.find((r) => r.dedupeKey.endsWith(":mail:a@example.com"))!;
    const mailB = rows.find((r) => r.dedupeKey.endsWith(":mail:b@example.com"))!;
    const hook = rows.find((r) => r.channel === "webhook")!;
    const sentAt = new Date(MONDAY_DUE + 60_000);
    await db.update(deliveries).set({ status: "sent", sentAt }).where(eq(deliveries.id, mailA.id));
    await db.insert(mailOutbox).values({
      id: "ob_1", deliveryId: mailA.id, ownerUserId: owner, messageId: "<m1@test>", fromAddress: "desk@test", toAddresses: "a@example.com",
      subject: "Weekly overview", attachmentCount: 1, raw: "Subject: Weekly overview\r\n\r\n.", createdAt: sentAt,
    });
    await db.update(deliveries).set({ status: "sent", sentAt }).where(eq(deliveries.id, mailB.id));

    const [run] = await runViews(db, digest.id);
    const shown = new Map(run!.deliveries.map((d) => [d.target, deliveryWords(d.status, d.where)]));
    expect(shown.get("a@example.com")).toBe("Kept in the Outbox (no SMTP configured): not sent to anyone");
    expect(shown.get("b@example.com")).toBe("Sent to the mail server");
    // Not sent yet: where it will go. A pending mail in this mode would be kept in the outbox too.
    expect(shown.get(`webhook ${String((hook.target as { endpointId: string }).endpointId)}`)).toBe("Waiting to be posted to the webhook");
    expect(deliveryWords("pending", run!.deliveries.find((d) => d.target === "a@example.com")!.where)).toBe("Waiting: it will be kept in the Outbox (no SMTP configured), not sent to anyone");
    for (const words of shown.values()) expect(words).not.toBe("Sent");
  });
});
