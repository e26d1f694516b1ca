/**
 * Reading the demo outbox: every user sees the messages sent on their behalf, admins everyone's;
 * a message reads back from its stored bytes (headers, text, HTML); the delivery log follows the
 * same rule; the HTML is framed behind a CSP allowing no script and no network.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { recentDeliveries } from "@/lib/notify/delivery-log";
import { listOutbox, readOutboxMessage, sandboxedHtml } from "@/lib/notify/mail-outbox-view";
import { enqueueDelivery } from "@/lib/notify/outbox";
import { deliverySettings } from "@/lib/notify/settings";
import { drainNow } from "@/lib/notify/worker";

let handle: DbHandle;
const alice = { id: "alice", role: "analyst" as const };
const bob = { id: "bob", role: "analyst" as const };
const admin = { id: "root", role: "admin" as const };

beforeAll(async () => {
  handle = await createDb({ dataDir: "memory" });
  for (const owner of [alice, bob]) {
    await enqueueDelivery(handle.db, {
      dedupeKey: `view:${owner.id}`,
      origin: { kind: "alert", id: `rule-${owner.id}` },
      ownerUserId: owner.id,
      channel: "mail",
      to: [`${owner.id}@example.com`],
      message: { subject: `Volume fell for ${owner.id} — 40 % → watch`, text: `Volume fell 40 % (${owner.id}).`, html: `<p>Volume fell <b>40 %</b> (${owner.id}).</p>` },
    });
  }
  const settings = deliverySettings({ WEEX_SPOT_BASE_URL: "" });
  expect(await drainNow({ db: handle.db, settings, workerId: "view" })).toMatchObject({ sent: 2 });
});
afterAll(async () => handle.close());

describe("the outbox as people read it", () => {
  it("shows users their own messages and admins everyone's", async () => {
    expect((await listOutbox(handle.db, alice)).map((m) => m.subject)).toEqual(["Volume fell for alice — 40 % → watch"]);
    expect((await listOutbox(handle.db, admin)).map((m) => m.subject).sort()).toEqual(["Volume fell for alice — 40 % → watch", "Volume fell for bob — 40 % → watch"]);
    const [bobs] = await listOutbox(handle.db, bob);
    expect(await readOutboxMessage(handle.db, alice, bobs!.id)).toBeUndefined();
    expect(await readOutboxMessage(handle.db, admin, bobs!.id)).toBeDefined();
  });

  it("reads a message back from its bytes", async () => {
    const [own] = await listOutbox(handle.db, alice);
    const message = await readOutboxMessage(handle.db, alice, own!.id);
    expect(message?.headers.map((h) => h.name.toLowerCase())).toEqual(["from", "to", "subject", "date", "message-id", "x-delivery-id"]);
    expect(message?.headers.find((h) => h.name.toLowerCase() === "to")?.value).toBe("alice@example.com");
    // Sent as RFC 2047 encoded words (outside ASCII), shown decoded.
    expect(message?.headers.find((h) => h.name.toLowerCase() === "subject")?.value).toBe("Volume fell for alice — 40 % → watch");
    expect(message?.text.trim()).toBe("Volume fell 40 % (alice).");
    expect(message?.html).toContain("<b>40 %</b>");
    expect(message?.attachments).toEqual([]);
  });

  it("keeps the delivery log to the same rule", async () => {
    expect((await recentDeliveries(handle.db, alice)).map((d) => [d.origin, d.status, d.attempts])).toEqual([["Alert", "sent", 1]]);
    expect(await recentDeliveries(handle.db, admin)).toHaveLength(2);
  });

  it("frames the HTML behind a CSP with no script and no network", () => {
    const framed = sandboxedHtml("<p>hi</p><script>alert(1)</script>");
    expect(framed.indexOf('http-equiv="Content-Security-Policy" content="default-src \'none\';')).toBeLessThan(framed.indexOf("<p>hi</p>"));
    expect(framed).not.toMatch(/script-src/);
  });
});
