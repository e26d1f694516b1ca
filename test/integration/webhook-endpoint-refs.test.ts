/**
 * Webhook endpoint ids on digests and alert rules name real endpoints: at create
 * and edit each id must be an endpoint its creator may use (their own; an admin:
 * any), else a 400 {code,msg} naming it — the same answer for an unknown id and
 * someone else's. Lists give each endpoint's label, and once it is deleted say
 * so (label null); a message queued for it then fails at once, saying why.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as digestItem from "@/app/api/digests/[id]/route";
import * as digestSend from "@/app/api/digests/[id]/send/route";
import * as digestList from "@/app/api/digests/route";
import * as ruleItem from "@/app/api/alerts/rules/[id]/route";
import * as ruleList from "@/app/api/alerts/rules/route";
import * as webhookItem from "@/app/api/webhooks/[id]/route";
import * as webhookList from "@/app/api/webhooks/route";
import type { AlertRuleView } from "@/lib/alerts/views";
import { getDb } from "@/lib/db/client";
import { deliveries, webhookEndpoints } from "@/lib/db/schema";
import type { DigestView } from "@/lib/digests/view-types";
import { deliverySettings } from "@/lib/notify/settings";
import { drainNow } from "@/lib/notify/worker";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("webhook-endpoint-refs", "analyst");

const json = (method: string, url: string, body?: unknown) =>
  new Request(`http://localhost${url}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }) });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const DIGEST = { report: "commissions", query: "range=7d", label: "Weekly commissions", schedule: { kind: "weekly", weekday: 1, time: "08:00", timeZone: "UTC" } };
const RULE = { name: "Sync down", params: { kind: "sync-health", check: "failing" }, cooldownMinutes: 60 };

async function newEndpoint(label: string): Promise<string> {
  // A loopback URL nobody listens on: demo mode allows http:// to loopback.
  const res = await webhookList.POST(json("POST", "/api/webhooks", { label, url: "http://127.0.0.1:9/hook" }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { endpoint: { id: string } }).endpoint.id;
}

async function expectRefused(res: Response, id: string, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; msg: string };
  expect(body).toMatchObject({ code: "UNKNOWN_WEBHOOK_ENDPOINT", field, endpointId: id });
  expect(body.msg).toContain(field);
  expect(body.msg).toContain(id);
}

describe("webhook endpoint ids on digests and alert rules", () => {
  it("refuses an unknown id and someone else's, accepts one's own, and an admin may use anyone's", async () => {
    app.role = "analyst";
    const mine = await newEndpoint("Team channel");
    const theirs = await newEndpoint("Their channel");
    const db = await getDb();
    await db.update(webhookEndpoints).set({ ownerUserId: "another-user" }).where(eq(webhookEndpoints.id, theirs));

    for (const id of ["wh_doesnotexist", theirs]) {
      await expectRefused(await digestList.POST(json("POST", "/api/digests", { ...DIGEST, webhookEndpointIds: [id] })), id, "webhookEndpointIds");
      await expectRefused(await ruleList.POST(json("POST", "/api/alerts/rules", { ...RULE, channels: { webhooks: [mine, id] } })), id, "channels.webhooks");
    }

    const made = await digestList.POST(json("POST", "/api/digests", { ...DIGEST, webhookEndpointIds: [mine] }));
    expect(made.status).toBe(201);
    const { digest } = (await made.json()) as { digest: DigestView };
    expect(digest.webhookEndpoints).toEqual([{ id: mine, label: "Team channel" }]);
    await expectRefused(await digestItem.PATCH(json("PATCH", `/api/digests/${digest.id}`, { webhookEndpointIds: [mine, theirs] }), ctx(digest.id)), theirs, "webhookEndpointIds");
    expect((await digestItem.PATCH(json("PATCH", `/api/digests/${digest.id}`, { label: "Renamed" }), ctx(digest.id))).status).toBe(200);

    const ruleRes = await ruleList.POST(json("POST", "/api/alerts/rules", { ...RULE, channels: { webhooks: [mine] } }));
    expect(ruleRes.status).toBe(201);
    const rule = (await ruleRes.json()) as AlertRuleView;
    expect(rule.webhookEndpoints).toEqual([{ id: mine, label: "Team channel" }]);
    await expectRefused(await ruleItem.PUT(json("PUT", `/api/alerts/rules/${rule.id}`, { ...RULE, channels: { webhooks: ["wh_nope"] } }), ctx(rule.id)), "wh_nope", "channels.webhooks");

    app.role = "admin";
    try {
      const adminDigest = await digestList.POST(json("POST", "/api/digests", { ...DIGEST, label: "Admin's", webhookEndpointIds: [theirs] }));
      expect(adminDigest.status).toBe(201);
      expect(((await adminDigest.json()) as { digest: DigestView }).digest.webhookEndpoints).toEqual([{ id: theirs, label: "Their channel" }]);
      expect((await ruleList.POST(json("POST", "/api/alerts/rules", { ...RULE, channels: { webhooks: [theirs] } }))).status).toBe(201);
      await expectRefused(await ruleList.POST(json("POST", "/api/alerts/rules", { ...RULE, channels: { webhooks: ["wh_gone"] } })), "wh_gone", "channels.webhooks");
    } finally {
      app.role = "analyst";
    }
  });

  it("says an endpoint is gone once deleted, and a message queued for it fails at once saying so", async () => {
    app.role = "analyst";
    const doomed = await newEndpoint("Soon deleted");
    const digestRes = await digestList.POST(json("POST", "/api/digests", { ...DIGEST, label: "Doomed hook", webhookEndpointIds: [doomed] }));
    const { digest } = (await digestRes.json()) as { digest: DigestView };
    const ruleRes = await ruleList.POST(json("POST", "/api/alerts/rules", { ...RULE, name: "Doomed rule", channels: { webhooks: [doomed] } }));
    const rule = (await ruleRes.json()) as AlertRuleView;

    expect((await digestSend.POST(json("POST", `/api/digests/${digest.id}/send`, {}), ctx(digest.id))).status).toBe(201);
    expect((await webhookItem.DELETE(json("DELETE", `/api/webhooks/${doomed}`), ctx(doomed))).status).toBe(204);

    const detail = (await (await digestItem.GET(json("GET", `/api/digests/${digest.id}`), ctx(digest.id))).json()) as { digest: DigestView };
    expect(detail.digest.webhookEndpoints).toEqual([{ id: doomed, label: null }]);
    const rules = (await (await ruleList.GET(json("GET", "/api/alerts/rules"))).json()) as { rules: AlertRuleView[] };
    expect(rules.rules.find((r) => r.id === rule.id)?.webhookEndpoints).toEqual([{ id: doomed, label: null }]);
    // Pausing still works on a digest naming a deleted endpoint (the ids are judged only when they are sent).
    expect((await digestItem.PATCH(json("PATCH", `/api/digests/${digest.id}`, { paused: true }), ctx(digest.id))).status).toBe(200);

    const db = await getDb();
    const [queued] = await db.select().from(deliveries).where(and(eq(deliveries.originId, digest.id), eq(deliveries.channel, "webhook")));
    expect(queued).toMatchObject({ status: "pending" });
    const summary = await drainNow({ db, settings: deliverySettings(), workerId: "refs-test", ids: [queued!.id] });
    expect(summary).toMatchObject({ failed: 1, sent: 0, retried: 0 });
    const [after] = await db.select().from(deliveries).where(eq(deliveries.id, queued!.id));
    expect(after).toMatchObject({ status: "failed", attempts: 1, lastError: "the webhook endpoint was deleted" });
  }, 60_000);
});
