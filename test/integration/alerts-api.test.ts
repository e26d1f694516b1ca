/**
 * The alert routes on the demo app (embedded sandbox, embedded database): a
 * rule made through the API fires after a real sync run (the scheduler's hook),
 * its events list with the figures and links, the badge counts them, one and
 * then all are acknowledged; roles, visibility and bad input get {code,msg}.
 */
import { describe, expect, it } from "vitest";
import * as alertsRoute from "@/app/api/alerts/route";
import * as ackRoute from "@/app/api/alerts/acknowledge/route";
import * as countRoute from "@/app/api/alerts/count/route";
import * as evaluateRoute from "@/app/api/alerts/evaluate/route";
import * as rulesRoute from "@/app/api/alerts/rules/route";
import * as ruleRoute from "@/app/api/alerts/rules/[id]/route";
import { listEvents } from "@/lib/alerts/events-store";
import { listRules } from "@/lib/alerts/rules-store";
import type { AlertEventsAnswer, AlertRuleView } from "@/lib/alerts/views";
import { getDb } from "@/lib/db/client";
import { runSync } from "@/lib/sync/scheduler";
import { demoAppSuite } from "../support/demo-app";

process.env.SANDBOX_INVITEES = "150";
process.env.SANDBOX_DAYS = "20";
process.env.SANDBOX_BUDGET = "100000";
process.env.WEEX_WEIGHT_LIMIT = "100000";
process.env.SYNC_HISTORY_DAYS = "25";
const app = demoAppSuite("alerts-api", "analyst");

const json = (method: string, body: unknown) => ({ method, headers: { "content-type": "application/json", origin: "http://localhost", "sec-fetch-site": "same-origin" }, body: JSON.stringify(body) });
const req = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

describe("/api/alerts", () => {
  let rule: AlertRuleView;

  it("creates a rule with words for bad thresholds, refuses viewers", async () => {
    const bad = await rulesRoute.POST(req("/api/alerts/rules", json("POST", { name: "x", params: { kind: "large-flow", flow: "deposit", amount: "-5", coin: "USDT" }, cooldownMinutes: 60 })));
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { code: string; msg: string };
    expect(badBody.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(badBody)).toContain("the amount must be a number");

    app.role = "viewer";
    expect((await rulesRoute.POST(req("/api/alerts/rules", json("POST", {})))).status).toBe(403);
    app.role = "analyst";
    const created = await rulesRoute.POST(
      req("/api/alerts/rules", json("POST", { name: "Deposits over 1 USDT", params: { kind: "large-flow", flow: "deposit", amount: "1", coin: "USDT" }, channels: { mail: ["Boss@Example.com"] }, cooldownMinutes: 60 })),
    );
    expect(created.status).toBe(201);
    rule = (await created.json()) as AlertRuleView;
    expect(rule).toMatchObject({ kind: "large-flow", channels: { mail: ["boss@example.com"], webhooks: [] }, canEdit: true, paused: false });
    expect(rule.description).toBe("An invitee's deposit of more than 1 USDT in a day");
  });

  it("fires after a sync run that wrote rows, lists the events with figures and links, and counts them for the badge", async () => {
    const result = await runSync("sandbox");
    expect(result.rowsAdded).toBeGreaterThan(0);
    const answer = (await (await alertsRoute.GET(req("/api/alerts"))).json()) as AlertEventsAnswer;
    expect(answer.events.length).toBeGreaterThan(0);
    expect(answer.unacknowledged).toBe(answer.events.length);
    const e = answer.events[0]!;
    expect(e.ruleName).toBe("Deposits over 1 USDT");
    expect(e.sentence).toMatch(/^Invitee \d+ deposited \d{1,3}(,\d{3})*\.\d{2} USDT on \d{4}-\d{2}-\d{2} \(threshold 1 USDT\)\.$/);
    expect(e.links[0]!.href).toMatch(/^\/invitees\/\d+\?range=custom&from=/);
    expect(await (await countRoute.GET(req("/api/alerts/count"))).json()).toEqual({ unacknowledged: answer.events.length });

    // A run over unchanged data fires nothing new.
    await runSync("sandbox");
    const again = (await (await alertsRoute.GET(req("/api/alerts"))).json()) as AlertEventsAnswer;
    expect(again.events.length).toBe(answer.events.length);

    // Acknowledge one, then all.
    const one = await ackRoute.POST(req("/api/alerts/acknowledge", json("POST", { ids: [e.id] })));
    expect(await one.json()).toEqual({ acknowledged: 1 });
    expect(await (await countRoute.GET(req("/api/alerts/count"))).json()).toEqual({ unacknowledged: answer.events.length - 1 });
    const all = await ackRoute.POST(req("/api/alerts/acknowledge", json("POST", { all: true })));
    expect(await all.json()).toEqual({ acknowledged: answer.events.length - 1 });
    const after = (await (await alertsRoute.GET(req("/api/alerts?show=unacknowledged"))).json()) as AlertEventsAnswer;
    expect(after).toEqual({ events: [], unacknowledged: 0 });
    expect((await ackRoute.POST(req("/api/alerts/acknowledge", json("POST", { ids: ["<script>"] })))).status).toBe(400);

    app.role = "viewer";
    expect(await (await countRoute.GET(req("/api/alerts/count"))).json()).toEqual({ unacknowledged: 0 });
    expect((await alertsRoute.GET(req("/api/alerts"))).status).toBe(403);
    app.role = "analyst";
  });

  it("mutes, pauses and deletes; another analyst sees none of it; evaluate now is for admins", async () => {
    const muted = await ruleRoute.PATCH(req(`/api/alerts/rules/${rule.id}`, json("PATCH", { muteMinutes: 90 })), ctx(rule.id));
    expect(((await muted.json()) as AlertRuleView).mutedUntil).not.toBeNull();
    const paused = await ruleRoute.PATCH(req(`/api/alerts/rules/${rule.id}`, json("PATCH", { paused: true })), ctx(rule.id));
    expect(((await paused.json()) as AlertRuleView).paused).toBe(true);
    expect((await ruleRoute.PATCH(req(`/api/alerts/rules/${rule.id}`, json("PATCH", {})), ctx(rule.id))).status).toBe(400);
    expect((await ruleRoute.PATCH(req("/api/alerts/rules/alr_nope", json("PATCH", { paused: false })), ctx("alr_nope"))).status).toBe(404);

    const stranger = { id: "someone-else", email: "s@example.com", name: "S", role: "analyst" as const };
    const db = await getDb();
    expect(await listRules(db, stranger, "sandbox")).toEqual([]);
    expect((await listEvents(db, stranger, "sandbox")).events).toEqual([]);
    expect((await listRules(db, { ...stranger, role: "admin" }, "sandbox")).map((r) => r.id)).toEqual([rule.id]);

    expect((await evaluateRoute.POST(req("/api/alerts/evaluate", json("POST", {})))).status).toBe(403);
    app.role = "admin";
    const evaluated = (await (await evaluateRoute.POST(req("/api/alerts/evaluate", json("POST", {})))).json()) as { fired: number };
    expect(evaluated.fired).toBe(0); // the only rule is paused
    app.role = "analyst";

    expect((await ruleRoute.DELETE(req(`/api/alerts/rules/${rule.id}`, { method: "DELETE", headers: { origin: "http://localhost" } }), ctx(rule.id))).status).toBe(204);
    expect(((await (await rulesRoute.GET(req("/api/alerts/rules"))).json()) as { rules: unknown[] }).rules).toEqual([]);
  });
});
