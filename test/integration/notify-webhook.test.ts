/**
 * Webhook delivery against a real HTTP receiver on loopback: the signature checks out with the
 * endpoint's secret, a 500 is retried after a backoff and then succeeds, a receiver that does not
 * answer runs into the timeout, nothing secret reaches the attempts table; and on PostgreSQL a
 * delivery whose first worker was "killed" after claiming it is finished by a second worker once
 * the lease expires, while two workers draining together send every delivery once.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetMasterKeyCache } from "@/lib/crypto/master-key";
import { createDb, type DbHandle } from "@/lib/db/client";
import { deliveries, deliveryAttempts } from "@/lib/db/schema";
import { claimDue } from "@/lib/notify/claim";
import { enqueueDelivery } from "@/lib/notify/outbox";
import { deliverySettings } from "@/lib/notify/settings";
import { verifySignature } from "@/lib/notify/signature";
import { createWebhookEndpoint } from "@/lib/notify/webhook-endpoints";
import { drainNow } from "@/lib/notify/worker";
import { temporaryPostgres } from "../support/postgres";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const saved = { ...process.env };
let receiver: WebhookReceiver;
const T0 = new Date("2026-11-24T08:00:00.000Z");
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const owner = { id: "user_1", email: "owner@example.com" };

beforeAll(async () => {
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("hex");
  delete process.env.WEEX_SPOT_BASE_URL; // demo mode: plain http:// to loopback is allowed
  resetMasterKeyCache();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  process.env = saved;
  resetMasterKeyCache();
});

/** A short timeout only where a test waits for it; elsewhere room for a loaded machine. */
const settings = (webhookTimeoutMs = 5_000) => ({ ...deliverySettings(), webhookTimeoutMs, maxAttempts: 3 });
const noJitter = () => 1; // the delay is then exactly base × 2^(n−1)

async function enqueueHook(db: DbHandle["db"], endpointId: string, key: string) {
  const { row } = await enqueueDelivery(
    db,
    { dedupeKey: key, origin: { kind: "test", id: endpointId }, ownerUserId: owner.id, channel: "webhook", endpointId, message: { body: { figure: "12.50", coin: "USDT" }, text: "Commission 12.50 USDT" } },
    T0,
  );
  return row;
}

describe("webhooks on PGlite", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory" });
  });
  afterAll(async () => handle.close());

  it("signs the raw body with the endpoint secret; a 500 is retried after the backoff, then succeeds", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(handle.db, { label: "ops", url: receiver.url, owner }, T0);
    const row = await enqueueHook(handle.db, endpoint.id, "retry-500");
    receiver.script = [500];
    const first = await drainNow({ db: handle.db, now: at(0), settings: settings(), backoff: { baseMs: 30_000, capMs: 600_000 }, random: noJitter, workerId: "w1" });
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0, lost: 0 });
    // Not due before its backoff: nothing is sent 29 s later.
    expect(await drainNow({ db: handle.db, now: at(29_000), settings: settings(), workerId: "w1" })).toEqual({ sent: 0, retried: 0, failed: 0, lost: 0 });
    const second = await drainNow({ db: handle.db, now: at(30_001), settings: settings(), workerId: "w1" });
    expect(second.sent).toBe(1);

    expect(receiver.received.map((r) => r.answered)).toEqual([500, 200]);
    for (const hook of receiver.received) {
      expect(verifySignature(secret, hook.body, hook.headers["x-signature"] as string)).toBe(true);
      expect(verifySignature("whsec_wrong", hook.body, hook.headers["x-signature"] as string)).toBe(false);
      expect(hook.headers["x-delivery-id"]).toBe(row.id);
      const body = JSON.parse(hook.body) as { text: string; figure: string; delivery: { id: string; timestamp: string } };
      expect(body).toMatchObject({ text: "Commission 12.50 USDT", figure: "12.50", delivery: { id: row.id } });
      expect(hook.headers["x-delivery-timestamp"]).toBe(body.delivery.timestamp);
    }
    const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done).toMatchObject({ status: "sent", attempts: 2, leaseOwner: null });
    const attempts = await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row.id)).orderBy(deliveryAttempts.attempt);
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, "retry"],
      [2, "sent"],
    ]);
    expect(attempts[0]?.error).toBe("the endpoint answered HTTP 500");
  });

  it("gives up on a receiver that does not answer within the timeout, and then fails after the last attempt", async () => {
    receiver.received.length = 0;
    const { endpoint, secret } = await createWebhookEndpoint(handle.db, { label: "slow", url: receiver.url, owner }, T0);
    const row = await enqueueHook(handle.db, endpoint.id, "timeouts");
    receiver.script = ["hang", "hang", "hang"];
    const opts = { db: handle.db, settings: settings(500), backoff: { baseMs: 1_000, capMs: 10_000 }, random: noJitter, workerId: "w1" };
    const started = Date.now();
    expect((await drainNow({ ...opts, now: at(0) })).retried).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await drainNow({ ...opts, now: at(1_001) })).retried).toBe(1);
    expect((await drainNow({ ...opts, now: at(3_002) })).failed).toBe(1);
    const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done).toMatchObject({ status: "failed", attempts: 3, lastError: "no answer within 500 ms" });

    // Nothing secret anywhere in the log: not the secret, not the URL's path or query string.
    const everything = JSON.stringify([await handle.db.select().from(deliveryAttempts), await handle.db.select().from(deliveries)]);
    for (const secretText of [secret, "secret-path-abcd", "query-secret", receiver.url]) expect(everything).not.toContain(secretText);
  });

  it("fails at once, without retrying, when the endpoint was deleted", async () => {
    const row = await enqueueHook(handle.db, "wh_gone", "gone");
    expect(await drainNow({ db: handle.db, now: at(0), settings: settings(), workerId: "w1" })).toMatchObject({ failed: 1 });
    const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done).toMatchObject({ status: "failed", attempts: 1, lastError: "the webhook endpoint was deleted" });
  });
});

describe("webhooks on PostgreSQL with two workers", () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const pg = await temporaryPostgres();
    drop = pg.drop;
    handle = await createDb({ url: pg.url });
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it("a delivery claimed by a worker that died is finished by another once the lease expires", async () => {
    receiver.received.length = 0;
    receiver.script = [];
    const { endpoint } = await createWebhookEndpoint(handle.db, { label: "pg", url: receiver.url, owner }, T0);
    const row = await enqueueHook(handle.db, endpoint.id, "killed");
    // The first instance claims and is killed before sending: only its lease is left.
    const claimed = await claimDue(handle.db, { workerId: "killed-instance", now: T0, leaseMs: 60_000, limit: 10 });
    expect(claimed.map((c) => c.id)).toEqual([row.id]);
    // While the lease holds, the second instance leaves the row alone.
    expect(await drainNow({ db: handle.db, now: at(59_000), settings: settings(), workerId: "second" })).toEqual({ sent: 0, retried: 0, failed: 0, lost: 0 });
    // Once it has expired, the second instance takes the row over and sends it.
    expect(await drainNow({ db: handle.db, now: at(60_001), settings: settings(), workerId: "second" })).toMatchObject({ sent: 1 });
    expect(receiver.received).toHaveLength(1);
    const [done] = await handle.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(done).toMatchObject({ status: "sent", attempts: 2, leaseOwner: null });
    const attempts = await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row.id));
    expect(attempts.map((a) => [a.worker, a.outcome])).toEqual([["second", "sent"]]);
  });

  it("two workers draining at once send every delivery exactly once", async () => {
    receiver.received.length = 0;
    const { endpoint } = await createWebhookEndpoint(handle.db, { label: "many", url: receiver.url, owner }, T0);
    const rows = await Promise.all(Array.from({ length: 24 }, (_, i) => enqueueHook(handle.db, endpoint.id, `many-${i}`)));
    const [a, b] = await Promise.all(["w-a", "w-b"].map((workerId) => drainNow({ db: handle.db, now: at(0), settings: settings(), workerId, batch: 3 })));
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(24);
    const ids = receiver.received.map((r) => r.headers["x-delivery-id"]);
    expect(ids).toHaveLength(24);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.id)));
  });
});
