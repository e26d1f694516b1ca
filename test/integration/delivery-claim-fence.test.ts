/**
 * A worker claims a batch of deliveries at once and sends them one after the
 * other. When a row's lease runs out before its turn and another instance has
 * claimed it meanwhile, the first worker must leave it alone: each row's lease
 * is renewed, by its owner only, right before its send (lib/notify/claim.ts
 * renewClaim). Two workers on one database (PGlite and PostgreSQL) and a real
 * SMTP server in this process: worker A claims two mails; while the server
 * receives the first A sends, worker B — its clock past A's lease — claims and
 * sends the other; A then skips it. Without the renewal the second mail arrived twice.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { deliveries, deliveryAttempts } from "@/lib/db/schema";
import { enqueueDelivery } from "@/lib/notify/outbox";
import { deliverySettings } from "@/lib/notify/settings";
import { drainNow, type DrainSummary } from "@/lib/notify/worker";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { temporaryPostgres } from "../support/postgres";

const T0 = new Date("2026-03-02T08:00:00Z");
const LEASE_MS = 60_000;
let smtp: TestMailServer;
/** What the server runs while it holds A's first message (before it answers). */
let whileReceiving: ((deliveryId: string) => Promise<void>) | null = null;
let pg: Awaited<ReturnType<typeof temporaryPostgres>>;

beforeAll(async () => {
  smtp = await startMailServer(
    { user: "fence", password: "fence-smtp-password" },
    {
      beforeAccept: async (parsed) => {
        const hook = whileReceiving;
        whileReceiving = null;
        await hook?.(String(parsed.headers.get("x-delivery-id")));
      },
    },
  );
  pg = await temporaryPostgres();
});
afterAll(async () => {
  await smtp?.close();
  await pg?.drop();
});

const settings = () => deliverySettings({ SMTP_URL: smtp.url, MAIL_FROM: "Rebate Desk <fence@fence.test>", DELIVERY_INTERVAL_MS: "0" });

async function enqueueMail(db: DbHandle["db"], n: number) {
  const at = new Date(T0.getTime() - 1_000);
  const { row } = await enqueueDelivery(
    db,
    { dedupeKey: `fence:${n}`, origin: { kind: "test", id: `fence-${n}` }, ownerUserId: "user_1", channel: "mail", to: [`to${n}@fence.test`], message: { subject: `Mail ${n}`, text: `mail ${n}`, html: `<p>mail ${n}</p>` } },
    at,
  );
  return row;
}

describe.each([
  ["PGlite", () => createDb({ dataDir: "memory" })],
  ["PostgreSQL", () => createDb({ url: pg.url })],
])("a batch's row whose lease expired and was taken over is not sent again (%s)", (_name, open) => {
  it("leaves the row to the instance that claimed it: each mail arrives once", async () => {
    const handle = await open();
    try {
      const first = await enqueueMail(handle.db, 1);
      const second = await enqueueMail(handle.db, 2);
      const before = smtp.received.length;
      let fromB: DrainSummary | null = null;
      let other = "";
      whileReceiving = async (deliveryId) => {
        // A's batch is in the order its claim returned; whichever it sends first, B takes the other.
        other = deliveryId === first.id ? second.id : first.id;
        // Worker B, its clock past A's lease on the batch: the other row is due again, and B takes it.
        fromB = await drainNow({ db: handle.db, workerId: "B", now: () => new Date(T0.getTime() + LEASE_MS + 1_000), leaseMs: LEASE_MS, settings: settings(), ids: [other] });
      };
      const fromA = await drainNow({ db: handle.db, workerId: "A", now: () => T0, leaseMs: LEASE_MS, settings: settings() });

      expect(fromB).toEqual({ sent: 1, retried: 0, failed: 0, lost: 0 });
      expect(fromA).toEqual({ sent: 1, retried: 0, failed: 0, lost: 1 });
      const received = smtp.received.slice(before).map((m) => String(m.parsed.headers.get("x-delivery-id")));
      expect(received.sort()).toEqual([first.id, second.id].sort());
      const rows = await handle.db.select().from(deliveries);
      expect(rows.map((r) => [r.id, r.status, r.leaseOwner]).sort()).toEqual(
        [
          [first.id, "sent", null],
          [second.id, "sent", null],
        ].sort(),
      );
      // The other row's attempts: A's claim and B's; the one logged send is B's.
      expect(rows.find((r) => r.id === other)?.attempts).toBe(2);
      const attempts = await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, other));
      expect(attempts.map((a) => [a.worker, a.outcome])).toEqual([["B", "sent"]]);
    } finally {
      await handle.close();
    }
  });
});
