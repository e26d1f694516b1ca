/**
 * The campaign-cost routes as Next calls them, on the demo app's embedded database: a cost made, listed, edited and
 * deleted by an analyst with every change logged; bad input a 4xx with {code, msg} naming the field, never a 500; a
 * viewer refused; the view's figures as CSV with the metric definitions' headers; costs never on the report a share
 * link serves.
 */
import { describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/invite-codes/[code]/costs/route";
import * as oneRoute from "@/app/api/invite-codes/[code]/costs/[id]/route";
import * as returnsRoute from "@/app/api/invite-codes/returns/route";
import { getDb } from "@/lib/db/client";
import { campaignCostChanges } from "@/lib/db/schema";
import { CAMPAIGN_METRICS } from "@/lib/metrics/campaign-costs";
import { inviteCodesContract } from "@/lib/reports/invite-codes/contract";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("campaign-costs", "analyst");
const CODE = "APITEST1";

type Answer = { status: number; body: Record<string, unknown>; text: string };
type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(method: "GET" | "POST" | "PATCH" | "DELETE", code: string, id: string | null, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin", "content-type": "application/json" } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const request = new Request(`http://localhost/api/invite-codes/${code}/costs${id ? `/${id}` : ""}`, init);
  const handler = ((id === null ? listRoute : oneRoute) as Record<string, unknown>)[method] as Handler;
  const response = await handler(request, { params: Promise.resolve<Record<string, string>>(id ? { code, id } : { code }) });
  const text = await response.text();
  return { status: response.status, text, body: text === "" || !text.startsWith("{") ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

describe("campaign-cost routes", () => {
  it("make, list, edit and delete a cost; each change logged with its fields before and after", async () => {
    const made = await call("POST", CODE, null, { day: "2026-10-01", amount: "1250.50", coin: "usdt", note: "banner" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ inviteCode: CODE, day: "2026-10-01", amount: "1250.5", coin: "USDT", note: "banner" });
    const id = String(made.body.id);
    const listed = await call("GET", CODE, null);
    expect(listed.status).toBe(200);
    expect((listed.body.costs as Array<{ id: string }>).map((c) => c.id)).toEqual([id]);
    expect(await call("PATCH", CODE, id, { amount: "99.9", note: "banner, corrected" })).toMatchObject({ status: 200, body: { amount: "99.9", note: "banner, corrected", day: "2026-10-01" } });
    // The page's edit form sends every field: a day and a coin change too (the coin as a ticker, upper-cased)…
    expect(await call("PATCH", CODE, id, { day: "2026-10-03", amount: "99.9", coin: "btc", note: "banner, corrected" })).toMatchObject({ status: 200, body: { day: "2026-10-03", coin: "BTC", amount: "99.9" } });
    // …and a value refused is a 400 naming its field, the cost unchanged.
    const refused = await call("PATCH", CODE, id, { day: "2026-02-30", amount: "99.9", coin: "BTC", note: "" });
    expect(refused).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(refused.text).toContain("day");
    // Another code's path does not reach this cost.
    expect((await call("PATCH", "OTHER1", id, { amount: "1" })).status).toBe(404);
    expect((await call("DELETE", CODE, id)).status).toBe(204);
    expect((await call("DELETE", CODE, id)).status).toBe(404);
    const log = await (await getDb()).select().from(campaignCostChanges);
    const mine = log.filter((l) => l.costId === id).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(mine.map((l) => l.action)).toEqual(["create", "update", "update", "delete"]);
    expect(mine[1]!.changes).toEqual([
      { field: "amount", from: "1250.5", to: "99.9" },
      { field: "note", from: "banner", to: "banner, corrected" },
    ]);
    expect(mine[2]!.changes).toEqual([
      { field: "day", from: "2026-10-01", to: "2026-10-03" },
      { field: "coin", from: "USDT", to: "BTC" },
    ]);
    expect(mine.every((l) => l.byEmail === "analyst@example.com")).toBe(true);
  });

  it("answer bad input with a 4xx {code, msg} naming the field, never a 500", async () => {
    const bad: Array<[unknown, string]> = [
      [{ day: "2026-10-01", amount: "-5" }, "amount"],
      [{ day: "2026-10-01", amount: "0" }, "amount"],
      [{ day: "2026-10-01", amount: 1.5 }, "amount"],
      [{ day: "2026-02-30", amount: "5" }, "day"],
      [{ day: "2026-10-01", amount: "5", note: "x".repeat(281) }, "note"],
      [{ day: "2026-10-01", amount: "5", coin: "US DT" }, "coin"],
      [{ day: "2026-10-01", amount: "5", extra: 1 }, "extra"],
      ["{not json", ""],
    ];
    for (const [body, field] of bad) {
      const answer = await call("POST", CODE, null, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: "BAD_REQUEST", msg: expect.any(String) });
      // The field is named in the answer's issues (the app's one validation pipeline, lib/api/route).
      expect(answer.text, JSON.stringify(body)).toContain(field);
    }
    expect((await call("POST", "bad code!", null, { day: "2026-10-01", amount: "5" })).status).toBe(404);
    expect((await call("PATCH", CODE, "cc_missing", {})).status).toBe(400);
    expect((await call("PATCH", CODE, "not-an-id", { amount: "1" })).status).toBe(404);
  });

  it("refuse a viewer reading, writing, editing and deleting", async () => {
    const made = await call("POST", CODE, null, { day: "2026-10-02", amount: "7.25", coin: "USDT", note: "kept from viewers" });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    app.role = "viewer";
    try {
      expect((await call("GET", CODE, null)).status).toBe(403);
      expect((await call("POST", CODE, null, { day: "2026-10-01", amount: "5" })).status).toBe(403);
      expect((await call("PATCH", CODE, id, { amount: "1" })).status).toBe(403);
      expect((await call("DELETE", CODE, id)).status).toBe(403);
    } finally {
      app.role = "analyst";
    }
    // Neither refused call changed it.
    const costs = (await call("GET", CODE, null)).body.costs as Array<Record<string, unknown>>;
    expect(costs.find((c) => c.id === made.body.id)).toMatchObject({ day: "2026-10-02", amount: "7.25", note: "kept from viewers" });
    // It goes again so the export below sums only the costs it writes.
    expect((await call("DELETE", CODE, id)).status).toBe(204);
  });

  it("export the view's figures as CSV with the definitions' labels, and keep costs off the report a share link serves", async () => {
    await call("POST", CODE, null, { day: "2026-11-01", amount: "10", coin: "USDT", note: "csv" });
    const response = await (returnsRoute.GET as unknown as Handler)(new Request("http://localhost/api/invite-codes/returns?range=custom&from=2026-10-01&to=2026-11-15&format=csv", { headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const [header, ...lines] = (await response.text()).trim().split("\r\n");
    for (const m of Object.values(CAMPAIGN_METRICS)) expect(header).toContain(m.label);
    expect(header).toContain("Cost per first trade (≈ USDT)");
    expect(header).toContain("Return (ratio)");
    expect(lines.find((l) => l.startsWith(`${CODE},`))).toContain(",10,");
    const bad = await (returnsRoute.GET as unknown as Handler)(new Request("http://localhost/api/invite-codes/returns?range=nonsense"), { params: Promise.resolve({}) });
    expect(bad.status).toBe(400);
    // Share links serve the registered reports' contracts only; the Invite codes contract carries no cost figure.
    const fields = Object.keys(inviteCodesContract.tables.codes.columns).join(",").toLowerCase();
    expect(fields).not.toMatch(/cost|return/);
  });
});
