/**
 * Targets and tier thresholds over their routes, as Next calls them, on the demo app's embedded database: made,
 * listed, edited and deleted by an analyst; a second target for a figure's period or a tier's name twice refused
 * (409) naming the one there is; bad input a 400 with {code, msg} naming the field; a viewer refused.
 */
import { describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/targets/route";
import * as oneRoute from "@/app/api/targets/[id]/route";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("targets", "analyst");

type Answer = { status: number; body: Record<string, unknown> & { targets?: Array<Record<string, unknown>> } };
async function call(method: "GET" | "POST" | "PATCH" | "DELETE", id: string | null, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin", "content-type": "application/json" } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const request = new Request(`http://localhost/api/targets${id ? `/${id}` : ""}`, init);
  const handler = id === null ? (listRoute as Record<string, unknown>)[method] : (oneRoute as Record<string, unknown>)[method];
  const response = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(request, { params: Promise.resolve<Record<string, string>>(id ? { id } : {}) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Answer["body"]) };
}

describe("targets and tier thresholds", () => {
  it("are made, listed, edited and deleted; one target per figure and period, one tier per name", async () => {
    const target = await call("POST", null, { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "800" });
    expect(target.status).toBe(201);
    expect(target.body).toMatchObject({ kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "800", name: null });
    const tier = await call("POST", null, { kind: "tier", name: "VIP 2", metric: "volumeAllCoins", period: "month", value: "5000000.5" });
    expect(tier.status).toBe(201);
    expect(tier.body).toMatchObject({ kind: "tier", name: "VIP 2", starts: null, value: "5000000.5" });
    expect((await call("POST", null, { kind: "target", metric: "newTraders", period: "quarter", starts: "2026-Q4", value: "120" })).status).toBe(201);

    const again = await call("POST", null, { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "900" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "TARGET_EXISTS" });
    expect(String(again.body.msg)).toContain("Nov 2026");
    expect((await call("POST", null, { kind: "tier", name: "vip 2", metric: "newTraders", period: "month", value: "10" })).status).toBe(409);
    // Another month of the same figure is another target.
    expect((await call("POST", null, { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-12", value: "900" })).status).toBe(201);

    const list = await call("GET", null);
    expect(list.status).toBe(200);
    expect(list.body.targets!.map((t) => [t.kind, t.metric, t.starts, t.value])).toEqual([
      ["target", "commissionAllCoins", "2026-11", "800"],
      ["target", "commissionAllCoins", "2026-12", "900"],
      ["target", "newTraders", "2026-Q4", "120"],
      ["tier", "volumeAllCoins", null, "5000000.5"],
    ]);

    const id = String(target.body.id);
    expect(await call("PATCH", id, { value: "850.25", name: "stretch" })).toMatchObject({ status: 200, body: { value: "850.25", name: "stretch" } });
    const q4 = list.body.targets!.find((t) => t.metric === "newTraders")!;
    expect((await call("PATCH", String(q4.id), { value: "12.5" })).status).toBe(400);
    expect((await call("DELETE", id)).status).toBe(204);
    expect((await call("DELETE", id)).status).toBe(404);
    expect((await call("PATCH", "not-an-id", { value: "1" })).status).toBe(404);
  });

  it("answer bad input with a 400 naming the field, never a 500", async () => {
    const bad = [
      { kind: "target", metric: "profit", period: "month", starts: "2026-11", value: "1" },
      { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-Q4", value: "1" },
      { kind: "target", metric: "commissionAllCoins", period: "quarter", starts: "2026-13", value: "1" },
      { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "0" },
      { kind: "target", metric: "commissionAllCoins", period: "month", starts: "2026-11", value: "NaN" },
      { kind: "target", metric: "newTraders", period: "month", starts: "2026-11", value: "10.5" },
      { kind: "tier", metric: "newTraders", period: "month", value: "10" },
      { kind: "tier", name: "x", metric: "newTraders", period: "week", value: "10" },
      { kind: "target", metric: "newTraders", period: "month", starts: "2026-11", value: "10", extra: true },
      { kind: "goal", metric: "newTraders", period: "month", value: "10" },
    ];
    for (const body of bad) {
      const answer = await call("POST", null, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code: "BAD_REQUEST" });
      expect(typeof answer.body.msg).toBe("string");
    }
  });

  it("may be set on the Overview's figures without a forecast: net deposits, new invitees …, counts in whole people", async () => {
    const net = await call("POST", null, { kind: "target", metric: "netDeposits", period: "month", starts: "2027-03", value: "25000.5" });
    expect(net.status).toBe(201);
    expect(net.body).toMatchObject({ kind: "target", metric: "netDeposits", period: "month", starts: "2027-03", value: "25000.5" });
    const tier = await call("POST", null, { kind: "tier", name: "Active 40", metric: "activeTraders", period: "quarter", value: "40" });
    expect(tier.status).toBe(201);
    for (const metric of ["commission", "netFee", "newInvitees"]) {
      expect((await call("POST", null, { kind: "target", metric, period: "quarter", starts: "2027-Q1", value: "12" })).status, metric).toBe(201);
    }
    const listed = (await call("GET", null)).body.targets!.filter((t) => String(t.starts ?? "").startsWith("2027") || t.name === "Active 40");
    expect(listed.map((t) => t.metric).sort()).toEqual(["activeTraders", "commission", "netDeposits", "netFee", "newInvitees"]);

    // People are whole: a fraction of new invitees or active traders is refused, on create and on edit.
    const half = await call("POST", null, { kind: "target", metric: "newInvitees", period: "month", starts: "2027-03", value: "10.5" });
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ code: "BAD_REQUEST" });
    expect(typeof half.body.msg).toBe("string");
    expect(half.body.issues).toEqual([{ path: "value", message: "the figure is counted in whole people: give a whole number" }]);
    expect((await call("PATCH", String(tier.body.id), { value: "40.5" })).status).toBe(400);
    // A figure with no definition or no month-to-date value on the Overview is no target's figure.
    for (const metric of ["deposits", "effectiveRate", "netDepositz", ""]) {
      const answer = await call("POST", null, { kind: "target", metric, period: "month", starts: "2027-03", value: "1" });
      expect(answer.status, metric).toBe(400);
      expect(answer.body, metric).toMatchObject({ code: "BAD_REQUEST" });
      expect(typeof answer.body.msg, metric).toBe("string");
      expect(JSON.stringify(answer.body.issues), metric).toContain("the figure must be one of commissionAllCoins, volumeAllCoins, newTraders, commission, netFee, newInvitees, activeTraders, netDeposits");
    }
  });

  it("are the analysts': a viewer can neither read nor set them, nor edit or delete one an analyst made", async () => {
    const made = await call("POST", null, { kind: "target", metric: "newTraders", period: "month", starts: "2027-03", value: "12" });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    app.role = "viewer";
    try {
      expect((await call("GET", null)).status).toBe(403);
      expect((await call("POST", null, { kind: "target", metric: "newTraders", period: "month", starts: "2027-01", value: "10" })).status).toBe(403);
      expect((await call("PATCH", id, { value: "99" })).status).toBe(403);
      expect((await call("DELETE", id)).status).toBe(403);
    } finally {
      app.role = "analyst";
    }
    // Neither refused call changed it.
    const after = (await call("GET", null)).body.targets?.find((t) => t.id === made.body.id);
    expect(after).toMatchObject({ metric: "newTraders", starts: "2027-03", value: "12" });
  });
});
