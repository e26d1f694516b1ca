/**
 * Editing a share link after creation (PATCH /api/share/<id>) through the route
 * handlers on the app as demo mode runs it: label, expiry, password (set,
 * change, remove — an old password and its unlock cookie stop working), pause
 * and resume; masking and percentages never loosened, tightened where safe;
 * who may edit; and every change in the link's change log with who and when.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as shareChanges from "@/app/api/share/[id]/changes/route";
import * as shareItem from "@/app/api/share/[id]/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import * as sharedExport from "@/app/r/[token]/data/[report]/export/route";
import * as unlockRoute from "@/app/r/[token]/unlock/route";
import { setSessionUserResolver } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { shareLinks } from "@/lib/db/schema";
import type { ChangeEntry } from "@/lib/share/edit-plan";
import { demoAppSuite } from "../support/demo-app";
import { createShareLinkVia, editShareLink, patchShareLink as patch, refusedEdit as refusal, shareLinkChangeLog as log } from "../support/share-edit";

const app = demoAppSuite("share-edit", "analyst");

type Edited = { id: string; label: string; state: string; expiresAt: number | null; hasPassword: boolean; redactUids: boolean; percentages: boolean; summary: string; changes: ChangeEntry[] };

async function create(body: Record<string, unknown> = {}): Promise<{ id: string; token: string; summary: string }> {
  app.role = "analyst";
  return createShareLinkVia({ report: "commissions", query: "range=custom&from=2026-08-27&to=2026-11-24&product=FUTURES", label: "Q3 for Alice", mode: "live", expiry: "7d", ...body });
}

const edit = (id: string, body: unknown) => editShareLink<Edited>(id, body);

function data(token: string, cookie?: string): Promise<Response> {
  return sharedData.GET(new Request(`http://localhost/r/${token}/data/commissions`, { headers: cookie ? { cookie } : {} }), { params: Promise.resolve({ token, report: "commissions" }) });
}

async function unlock(token: string, password: string): Promise<{ status: number; cookie: string }> {
  const res = await unlockRoute.POST(
    new Request(`http://localhost/r/${token}/unlock`, { method: "POST", body: JSON.stringify({ password }), headers: { "content-type": "application/json" } }),
    { params: Promise.resolve({ token }) },
  );
  return { status: res.status, cookie: (res.headers.get("set-cookie") ?? "").split("; ")[0] ?? "" };
}

describe("editing a share link", () => {
  it("changes the label and the expiry, answers the link's new sentence, and logs who changed what", async () => {
    const { id, summary } = await create();
    expect(summary).toMatch(/^Anyone with this link sees Commissions for 2026-08-27 → 2026-11-24 · Futures · UTC days: live figures, invitee uids shown, amounts shown, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)\.$/);
    const before = Date.now();
    const renamed = await edit(id, { label: "  Q3 for Alice and Bob " });
    expect(renamed).toMatchObject({ label: "Q3 for Alice and Bob", state: "active" });
    expect(renamed.changes).toEqual([{ field: "label", from: "Q3 for Alice", to: "Q3 for Alice and Bob" }]);

    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const dated = await edit(id, { expiresOn: day });
    expect(dated.expiresAt).toBe(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
    expect(dated.summary).toContain(`until ${new Date(dated.expiresAt!).toISOString().slice(0, 10)} 00:00 (UTC)`);
    const never = await edit(id, { expiry: "never" });
    expect(never.expiresAt).toBeNull();
    expect(never.summary).toMatch(/with no expiry date\.$/);
    // The same label again changes nothing and logs nothing.
    expect((await edit(id, { label: "Q3 for Alice and Bob" })).changes).toEqual([]);

    const entries = await log(id);
    expect(entries.map((e) => e.changes[0]?.field)).toEqual(["expiry", "expiry", "label"]);
    expect(entries.every((e) => e.byEmail === "analyst@example.com" && e.at >= before - 1000 && e.at <= Date.now())).toBe(true);
    expect(entries[0]?.changes[0]).toMatchObject({ to: "never" });
    expect(entries[1]?.changes[0]?.to).toBe(`${new Date(dated.expiresAt!).toISOString().slice(0, 10)} 00:00 (UTC)`);
  });

  it("reopens an expired link when its expiry moves on, and refuses a day that is over", async () => {
    const { id, token } = await create();
    await (await getDb()).update(shareLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shareLinks.id, id));
    expect((await data(token)).status).toBe(404);
    const past = await refusal(id, { expiresOn: "2020-01-01" });
    expect(past).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(past.msg).toMatch(/that day is over/);
    expect(await refusal(id, { expiresOn: "2026-02-30" })).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(await refusal(id, { expiry: "7d", expiresOn: "2099-01-01" })).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect((await edit(id, { expiry: "1d" })).state).toBe("active");
    expect((await data(token)).status).toBe(200);
  });

  it("changes a password: the old one and every cookie it unlocked stop working, the new one opens; removing it opens the link", async () => {
    const { id, token } = await create({ password: "old password 1" });
    const first = await unlock(token, "old password 1");
    expect(first.status).toBe(204);
    expect((await data(token, first.cookie)).status).toBe(200);

    const changed = await edit(id, { password: "new password 2" });
    expect(changed.changes).toEqual([{ field: "password", from: "set", to: "changed" }]);
    expect(changed.summary).toMatch(/^Anyone with this link and the password sees/);
    expect((await data(token, first.cookie)).status, "the old unlock cookie").toBe(404);
    expect((await unlock(token, "old password 1")).status, "the old password").toBe(401);
    const second = await unlock(token, "new password 2");
    expect(second.status).toBe(204);
    expect((await data(token, second.cookie)).status).toBe(200);

    const removed = await edit(id, { password: null });
    expect(removed).toMatchObject({ hasPassword: false, changes: [{ field: "password", from: "set", to: "removed" }] });
    expect((await data(token)).status, "no password: open to anyone with the link").toBe(200);
    expect((await edit(id, { password: "a third one 3" })).changes).toEqual([{ field: "password", from: "none", to: "set" }]);
    expect((await data(token)).status).toBe(404);
    expect(JSON.stringify(await log(id))).not.toMatch(/password 1|password 2|third one/);
  });

  it("pauses and resumes, logged as state changes", async () => {
    const { id, token } = await create();
    expect((await edit(id, { paused: true })).state).toBe("paused");
    expect((await data(token)).status).toBe(404);
    expect((await edit(id, { paused: false })).state).toBe("active");
    expect((await data(token)).status).toBe(200);
    expect((await log(id)).map((e) => e.changes)).toEqual([[{ field: "state", from: "paused", to: "active" }], [{ field: "state", from: "active", to: "paused" }]]);
  });

  it("never loosens masking or percentages; tightens them where it is safe", async () => {
    const strict = await create({ redactUids: true, percentages: true });
    for (const body of [{ redactUids: false }, { percentages: false }, { label: "other", percentages: false }]) {
      const refused = await refusal(strict.id, body);
      expect(refused).toMatchObject({ status: 409, code: "CANNOT_LOOSEN" });
      expect(refused.msg).toMatch(/make a new link/);
    }
    expect((await log(strict.id)).length, "a refused edit changes nothing").toBe(0);

    const live = await create();
    expect((await sharedExport.GET(new Request(`http://localhost/r/${live.token}/data/commissions/export?table=by-symbol`), { params: Promise.resolve({ token: live.token, report: "commissions" }) })).status).toBe(200);
    const tightened = await edit(live.id, { redactUids: true, percentages: true });
    expect(tightened.summary).toContain("invitee uids masked, percentages instead of amounts");
    expect(tightened.changes).toEqual([
      { field: "uids", from: "shown", to: "masked" },
      { field: "amounts", from: "amounts", to: "percentages" },
    ]);
    const csv = await sharedExport.GET(new Request(`http://localhost/r/${live.token}/data/commissions/export?table=by-symbol`), { params: Promise.resolve({ token: live.token, report: "commissions" }) });
    expect(csv.status, "a percentages link exports nothing").toBe(403);

    const snapshot = await create({ mode: "snapshot" });
    expect(await refusal(snapshot.id, { redactUids: true })).toMatchObject({ status: 409, code: "SNAPSHOT_FROZEN" });
    expect((await edit(snapshot.id, { percentages: true })).percentages).toBe(true);
  });

  it("validates the body with {code,msg} and lets only the creator or an admin edit", async () => {
    const { id } = await create();
    for (const body of [{}, { label: "" }, { password: "short" }, { expiry: "1y" }, { paused: "yes" }, { scope: { from: "2020-01-01" } }, { mode: "snapshot" }]) {
      const refused = await refusal(id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.code).toBe("BAD_REQUEST");
    }
    app.role = "viewer";
    expect((await patch(id, { label: "x" })).status).toBe(403);
    app.role = "analyst";
    const restore = setSessionUserResolver(async () => ({ id: "someone-else", email: "other@example.com", name: "other", role: "analyst" }));
    try {
      expect((await patch(id, { label: "x" })).status, "another analyst's link").toBe(403);
      expect((await shareChanges.GET(new Request("http://localhost"), { params: Promise.resolve({ id }) })).status).toBe(403);
    } finally {
      restore();
    }
    const admin = setSessionUserResolver(async () => ({ id: "an-admin", email: "admin@example.com", name: "admin", role: "admin" }));
    try {
      expect((await edit(id, { label: "Renamed by an admin" })).label).toBe("Renamed by an admin");
      expect((await log(id))[0]?.byEmail).toBe("admin@example.com");
    } finally {
      admin();
    }
    expect((await patch("no-such-link", { label: "x" })).status).toBe(404);
  });

  it("logs a revocation, after which the link cannot be edited", async () => {
    const { id } = await create();
    expect((await shareItem.DELETE(new Request(`http://localhost/api/share/${id}`, { method: "DELETE" }), { params: Promise.resolve({ id }) })).status).toBe(204);
    expect(await refusal(id, { label: "again" })).toMatchObject({ status: 409, code: "REVOKED" });
    expect((await log(id))[0]?.changes).toEqual([{ field: "state", from: "active", to: "revoked" }]);
  });
});
