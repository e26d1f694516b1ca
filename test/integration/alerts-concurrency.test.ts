/**
 * Two app instances evaluating at the same moment on one PostgreSQL database
 * (two connection pools): each condition fires once and its messages are
 * queued once — the event's insert on (rule, condition, cooldown window) lands
 * for one of them, and only that one enqueues.
 */
import Decimal from "decimal.js";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateConnection } from "@/lib/alerts/evaluate";
import { fireCandidate } from "@/lib/alerts/fire";
import { ruleInputSchema } from "@/lib/alerts/kinds";
import { createRule } from "@/lib/alerts/rules-store";
import { createDb, type DbHandle } from "@/lib/db/client";
import { alertEvents, deliveries } from "@/lib/db/schema";
import { analyst, CONNECTION, NOW, plantTradeAssetDay, seedAlertWorld, world } from "../support/alerts-world";
import { temporaryPostgres } from "../support/postgres";

let pg: Awaited<ReturnType<typeof temporaryPostgres>>;
let a: DbHandle;
let b: DbHandle;

beforeAll(async () => {
  pg = await temporaryPostgres();
  a = await createDb({ url: pg.url });
  b = await createDb({ url: pg.url });
  await seedAlertWorld(a.db);
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await pg?.drop();
});

describe("alerts on PostgreSQL with two instances", () => {
  it("fires each planted whale once and queues each message once, however the evaluations interleave", async () => {
    const r = await createRule(
      a.db,
      ruleInputSchema.parse({ name: "Whales", params: { kind: "large-flow", flow: "either", amount: "5000000", coin: "USDT" }, channels: { mail: ["ops@example.com"], webhooks: ["wh_9"] }, cooldownMinutes: 30 }),
      CONNECTION,
      analyst,
      new Date(NOW),
    );
    const day = new Date(NOW).toISOString().slice(0, 10);
    const uids = world.invitedUsers(NOW).slice(10, 14).map((u) => u.uid);
    const amounts = ["5000000.01", "7250000.5", "6000001", "9999999.99999999"];
    for (const [i, uid] of uids.entries()) await plantTradeAssetDay(a.db, uid, day, amounts[i]!);

    for (let round = 0; round < 3; round++) {
      const now = new Date(NOW + round * 1_000);
      await Promise.all([evaluateConnection(a.db, CONNECTION, { now }), evaluateConnection(b.db, CONNECTION, { now }), evaluateConnection(b.db, CONNECTION, { now })]);
    }
    const events = await a.db.select().from(alertEvents).where(eq(alertEvents.ruleId, r.id));
    expect(events).toHaveLength(4);
    const byUid = new Map(events.map((e) => [(e.figures as Record<string, string>).uid, (e.figures as Record<string, string>).amount]));
    for (const [i, uid] of uids.entries()) expect(new Decimal(byUid.get(uid)!).equals(amounts[i]!)).toBe(true);
    const queued = await a.db.select().from(deliveries).where(inArray(deliveries.originId, events.map((e) => e.id)));
    expect(queued).toHaveLength(8);
    expect(new Set(queued.map((d) => d.dedupeKey)).size).toBe(8);
  });

  it("one condition asked to fire by six evaluations at once inserts one event and queues its message once", async () => {
    const rule = await createRule(
      a.db,
      ruleInputSchema.parse({ name: "Race", params: { kind: "kyc-no-deposit", days: 1, count: 1 }, channels: { mail: ["race@example.com"], webhooks: [] }, cooldownMinutes: 15 }),
      CONNECTION,
      analyst,
      new Date(NOW),
    );
    const candidate = { conditionKey: "kyc-no-deposit", subject: "42", sentence: "42 invitees", figures: { invitees: "42" }, links: [] };
    const now = new Date(NOW + 5_000);
    const results = await Promise.all([a, b, a, b, a, b].map((h) => fireCandidate(h.db, rule, { mail: ["race@example.com"], webhooks: [] }, candidate, now)));
    const fired = results.filter((e) => e !== null);
    expect(fired).toHaveLength(1);
    expect(await a.db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id))).toHaveLength(1);
    expect(await a.db.select().from(deliveries).where(eq(deliveries.originId, fired[0]!.id))).toHaveLength(1);
  });
});
