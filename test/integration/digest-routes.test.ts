/**
 * The Digests API through its route handlers, on the app as demo mode runs it:
 * bad input is a 400 {code,msg} naming what is wrong, a digest is made from a
 * view and listed, "send now" runs it and its messages are in its history,
 * someone else's digest is a 404 to an analyst, an admin may pause it but not
 * edit it, and viewers get 403.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as digestItem from "@/app/api/digests/[id]/route";
import * as digestSend from "@/app/api/digests/[id]/send/route";
import * as digestList from "@/app/api/digests/route";
import { getDb } from "@/lib/db/client";
import { digests } from "@/lib/db/schema";
import type { DigestRunView, DigestView } from "@/lib/digests/view-types";
import { demoAppSuite } from "../support/demo-app";

const app = demoAppSuite("digest-routes", "analyst");

const json = (method: string, body: unknown) => new Request("http://localhost/api/digests", { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const VALID = {
  report: "commissions",
  query: "range=7d&coin=USDT",
  label: "Weekly commissions",
  schedule: { kind: "weekly", weekday: 1, time: "08:00", timeZone: "Asia/Tokyo" },
  mailTo: ["partner@example.com"],
};

describe("digests API", () => {
  it("refuses bad input with a 400 {code,msg}", async () => {
    const bad = [
      { ...VALID, mailTo: ["not an address"] },
      { ...VALID, schedule: { ...VALID.schedule, timeZone: "Mars/Olympus" } },
      { ...VALID, schedule: { kind: "weekly", time: "08:00", timeZone: "UTC" } },
      { ...VALID, schedule: { ...VALID.schedule, time: "25:00" } },
      { ...VALID, mailTo: [] },
      { ...VALID, report: "nope" },
    ];
    for (const body of bad) {
      const res = await digestList.POST(json("POST", body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", msg: expect.any(String) });
    }
  });

  it("makes a digest of the view, lists it, sends it now and shows the run's messages", async () => {
    const res = await digestList.POST(json("POST", VALID));
    expect(res.status).toBe(201);
    const { digest } = (await res.json()) as { digest: DigestView };
    expect(digest).toMatchObject({ label: "Weekly commissions", reportTitle: "Commissions", canEdit: true, paused: false, mailTo: ["partner@example.com"] });
    expect(digest.scope).toContain("USDT");
    expect(digest.schedule.words).toBe("Weekly on Monday at 08:00 (Asia/Tokyo)");
    expect(digest.nextRunLocal).toMatch(/^\d{4}-\d{2}-\d{2} 08:00 \(Asia\/Tokyo\)$/);
    expect(new Date(digest.nextRunAt).getUTCHours()).toBe(23); // 08:00 in Tokyo is 23:00 UTC the day before

    const list = (await (await digestList.GET(new Request("http://localhost/api/digests"))).json()) as { digests: DigestView[] };
    expect(list.digests.map((d) => d.id)).toContain(digest.id);

    const sent = await digestSend.POST(new Request("http://localhost", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), ctx(digest.id));
    expect(sent.status).toBe(201);
    const { run } = (await sent.json()) as { run: DigestRunView };
    expect(run).toMatchObject({ kind: "manual", status: "queued" });
    expect(run.deliveries).toEqual([expect.objectContaining({ channel: "mail", target: "partner@example.com", status: "pending" })]);

    const detail = (await (await digestItem.GET(new Request("http://localhost"), ctx(digest.id))).json()) as { runs: DigestRunView[] };
    expect(detail.runs.map((r) => r.id)).toEqual([run.id]);

    const patched = await digestItem.PATCH(json("PATCH", { schedule: { kind: "monthly", dayOfMonth: 31, time: "06:30", timeZone: "UTC" }, skipWhenEmpty: true }), ctx(digest.id));
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(((await patched.json()) as { digest: DigestView }).digest).toMatchObject({ skipWhenEmpty: true, schedule: { kind: "monthly", dayOfMonth: 31 } });
    expect((await digestItem.PATCH(json("PATCH", { mailTo: [] }), ctx(digest.id))).status).toBe(400);
    expect((await digestItem.PATCH(json("PATCH", { owner: "x" }), ctx(digest.id))).status).toBe(400);

    expect((await digestItem.DELETE(new Request("http://localhost", { method: "DELETE" }), ctx(digest.id))).status).toBe(204);
    expect((await digestItem.GET(new Request("http://localhost"), ctx(digest.id))).status).toBe(404);
  });

  it("hides someone else's digest from an analyst; an admin may pause it but not edit it; viewers may not use digests", async () => {
    const res = await digestList.POST(json("POST", { ...VALID, label: "Someone else's" }));
    const { digest } = (await res.json()) as { digest: DigestView };
    const db = await getDb();
    await db.update(digests).set({ ownerUserId: "another-user" }).where(eq(digests.id, digest.id));

    expect((await digestItem.GET(new Request("http://localhost"), ctx(digest.id))).status).toBe(404);
    expect((await digestItem.PATCH(json("PATCH", { paused: true }), ctx(digest.id))).status).toBe(404);
    expect((await digestSend.POST(new Request("http://localhost", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), ctx(digest.id))).status).toBe(404);

    app.role = "admin";
    try {
      const paused = await digestItem.PATCH(json("PATCH", { paused: true }), ctx(digest.id));
      expect(paused.status, await paused.clone().text()).toBe(200);
      expect(((await paused.json()) as { digest: DigestView }).digest).toMatchObject({ paused: true, pausedReason: "paused by an admin", canEdit: false, canPause: true });
      const edit = await digestItem.PATCH(json("PATCH", { label: "Mine now" }), ctx(digest.id));
      expect(edit.status).toBe(403);
      expect(await edit.json()).toMatchObject({ code: "FORBIDDEN" });
    } finally {
      app.role = "viewer";
    }
    try {
      expect((await digestList.GET(new Request("http://localhost/api/digests"))).status).toBe(403);
      expect((await digestList.POST(json("POST", VALID))).status).toBe(403);
    } finally {
      app.role = "analyst";
    }
  });
});
