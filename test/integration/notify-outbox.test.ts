// The outbox's one promise: a decision enqueued twice is one row, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db/client";
import { enqueueDelivery, type DeliveryRequest } from "@/lib/notify/outbox";
import { temporaryPostgres } from "../support/postgres";

const mail = {
  dedupeKey: "digest:sub_1:2026-11-24T08:00:00.000Z",
  origin: { kind: "digest", id: "sub_1" },
  ownerUserId: "user_1",
  channel: "mail",
  to: ["partner@example.com"],
  message: { subject: "Weekly commissions", text: "Commission 12.50 USDT", html: "<p>Commission 12.50 USDT</p>" },
} satisfies DeliveryRequest;

function outboxSuite(name: string, open: () => Promise<{ handle: DbHandle; close: () => Promise<void> }>) {
  describe(`outbox on ${name}`, () => {
    let handle: DbHandle;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, close } = await open());
    });
    afterAll(async () => close());

    it("queues a message once however often, and concurrently, it is asked for", async () => {
      const results = await Promise.all([1, 2, 3, 4].map(() => enqueueDelivery(handle.db, mail)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
      expect(results[0]?.row).toMatchObject({ status: "pending", attempts: 0, channel: "mail", target: { to: ["partner@example.com"] } });
    });

    it("keeps a webhook's endpoint and Slack text, and refuses a message without a subject", async () => {
      const { row } = await enqueueDelivery(handle.db, {
        dedupeKey: "alert:a_1:webhook",
        origin: { kind: "alert", id: "a_1" },
        ownerUserId: "user_1",
        channel: "webhook",
        endpointId: "wh_1",
        message: { body: { figure: "12.50" }, text: "Volume fell 40 %" },
      });
      expect(row.target).toEqual({ endpointId: "wh_1" });
      expect(row.message).toEqual({ body: { figure: "12.50" }, text: "Volume fell 40 %" });
      await expect(enqueueDelivery(handle.db, { ...mail, dedupeKey: "x", message: { ...mail.message, subject: "" } })).rejects.toThrow();
    });
  });
}

outboxSuite("PGlite", async () => {
  const handle = await createDb({ dataDir: "memory" });
  return { handle, close: () => handle.close() };
});
outboxSuite("PostgreSQL", async () => {
  const pg = await temporaryPostgres();
  const handle = await createDb({ url: pg.url });
  return { handle, close: async () => { await handle.close(); await pg.drop(); } };
});
