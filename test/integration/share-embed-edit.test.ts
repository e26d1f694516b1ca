/**
 * Editing the sites that may embed a share link (PATCH /api/share/<id> with
 * `embedOrigins`), through the route handlers and proxy.ts on the app as demo
 * mode runs it: origins added, replaced and removed, each checked as at
 * creation (a bad one named in the 400), each change in the change log with the
 * origins before and after; the link's sentence and the list say the new
 * origins; the very next page request is framed by exactly those; and a link is
 * either embedded or password-protected, never both.
 */
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import * as shareList from "@/app/api/share/route";
import * as sharedData from "@/app/r/[token]/data/[report]/route";
import type { ChangeEntry } from "@/lib/share/edit-plan";
import type { ShareLinkListItem } from "@/lib/share/manage";
import { proxy } from "@/proxy";
import { demoAppSuite } from "../support/demo-app";
import { createShareLinkVia, editShareLink, refusedEdit as refusal, shareLinkChangeLog } from "../support/share-edit";

const app = demoAppSuite("share-embed-edit", "analyst");

type Edited = { embedOrigins: string[]; hasPassword: boolean; summary: string; changes: ChangeEntry[] };

async function create(body: Record<string, unknown> = {}): Promise<{ id: string; token: string }> {
  app.role = "analyst";
  return createShareLinkVia({ report: "commissions", query: "range=7d", label: "For the partner", mode: "live", expiry: "7d", ...body });
}

const edit = (id: string, body: unknown) => editShareLink<Edited>(id, body);
const log = async (id: string) => (await shareLinkChangeLog(id)).map((entry) => entry.changes);

async function listed(id: string): Promise<ShareLinkListItem | undefined> {
  const res = await shareList.GET(new Request("http://localhost/api/share"));
  return ((await res.json()) as { links: ShareLinkListItem[] }).links.find((link) => link.id === id);
}

async function frameAncestorsOf(token: string): Promise<string | undefined> {
  process.env.NEXTAUTH_SECRET ??= "page-security-test-secret-0123456789";
  const policy = (await proxy(new NextRequest(`http://localhost/r/${token}?embed=1`))).headers.get("content-security-policy") ?? "";
  return /frame-ancestors ([^;]+)$/.exec(policy)?.[1];
}

describe("editing the sites that may embed a share link", () => {
  it("adds, replaces and removes origins: logged before and after, in the sentence and the list, framed so on the very next request", async () => {
    const { id, token } = await create();
    expect(await frameAncestorsOf(token)).toBe("'none'");

    const added = await edit(id, { embedOrigins: ["https://Partner.example.com/", "http://127.0.0.1:4999"] });
    expect(added.embedOrigins).toEqual(["https://partner.example.com", "http://127.0.0.1:4999"]);
    expect(added.changes).toEqual([{ field: "embedding", from: "none", to: "https://partner.example.com, http://127.0.0.1:4999" }]);
    expect(added.summary).toMatch(/, embeddable on https:\/\/partner\.example\.com, http:\/\/127\.0\.0\.1:4999\.$/);
    expect(await frameAncestorsOf(token)).toBe("https://partner.example.com http://127.0.0.1:4999");

    // The partner moved: one site replaced, the other kept.
    const moved = await edit(id, { embedOrigins: ["http://127.0.0.1:4999", "https://reports.partner-new.example"] });
    expect(moved.changes).toEqual([{ field: "embedding", from: "https://partner.example.com, http://127.0.0.1:4999", to: "http://127.0.0.1:4999, https://reports.partner-new.example" }]);
    expect(await frameAncestorsOf(token)).toBe("http://127.0.0.1:4999 https://reports.partner-new.example");
    const item = await listed(id);
    expect(item?.embedOrigins).toEqual(["http://127.0.0.1:4999", "https://reports.partner-new.example"]);
    expect(item?.summary).toContain("embeddable on http://127.0.0.1:4999, https://reports.partner-new.example.");
    expect(item?.summary).not.toContain("partner.example.com");

    // The same sites again, in another order: nothing changes, nothing is logged.
    expect((await edit(id, { embedOrigins: ["https://reports.partner-new.example", "http://127.0.0.1:4999"] })).changes).toEqual([]);

    const removed = await edit(id, { embedOrigins: [] });
    expect(removed.changes).toEqual([{ field: "embedding", from: "http://127.0.0.1:4999, https://reports.partner-new.example", to: "none" }]);
    expect(removed.summary).not.toContain("embeddable");
    expect(await frameAncestorsOf(token)).toBe("'none'");
    expect((await listed(id))?.embedOrigins).toEqual([]);

    // Newest first: every change, with the origins before and after.
    expect((await log(id)).map((changes) => changes.map((c) => `${c.field}: ${c.from} → ${c.to}`))).toEqual([
      ["embedding: http://127.0.0.1:4999, https://reports.partner-new.example → none"],
      ["embedding: https://partner.example.com, http://127.0.0.1:4999 → http://127.0.0.1:4999, https://reports.partner-new.example"],
      ["embedding: none → https://partner.example.com, http://127.0.0.1:4999"],
    ]);
  });

  it("refuses a bad origin with a 400 {code,msg} that names it, and changes nothing", async () => {
    const { id, token } = await create({ embedOrigins: ["https://partner.example.com"] });
    for (const [origins, named] of [
      [["https://fine.example.com", "http://partner.example.com"], "http://partner.example.com"],
      [["https://*.example.com"], "https://*.example.com"],
      [["https://partner.example.com/page"], "https://partner.example.com/page"],
      [["https://partner.example.com; script-src *"], "https://partner.example.com; script-src *"],
      [Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`), "at most 10"],
    ] as const) {
      const refused = await refusal(id, { embedOrigins: origins });
      expect(refused, JSON.stringify(origins)).toMatchObject({ status: 400, code: "BAD_REQUEST" });
      expect(refused.msg).toContain(named);
    }
    for (const embedOrigins of ["https://partner.example.com", [42], null, [{}]]) {
      expect(await refusal(id, { embedOrigins }), JSON.stringify(embedOrigins)).toMatchObject({ status: 400, code: "BAD_REQUEST", msg: expect.any(String) });
    }
    expect(await log(id)).toEqual([]);
    expect(await frameAncestorsOf(token)).toBe("https://partner.example.com");
  });

  it("keeps a link either embedded or behind a password: adding origins to a password link is a 409, removing them makes room for one", async () => {
    const locked = await create({ password: "a long password" });
    const refused = await refusal(locked.id, { embedOrigins: ["https://partner.example.com"] });
    expect(refused).toMatchObject({ status: 409, code: "HAS_PASSWORD" });
    expect(refused.msg).toMatch(/password/);
    expect(await frameAncestorsOf(locked.token)).toBe("'none'");

    const embedded = await create({ embedOrigins: ["https://partner.example.com"] });
    expect(await refusal(embedded.id, { password: "a long password" })).toMatchObject({ status: 409, code: "EMBEDDED" });
    const swapped = await edit(embedded.id, { embedOrigins: [], password: "a long password" });
    expect(swapped).toMatchObject({ hasPassword: true, embedOrigins: [] });
    expect(swapped.changes.map((c) => c.field)).toEqual(["embedding", "password"]);
    expect(swapped.summary).toMatch(/^Anyone with this link and the password sees/);
    // Now protected: the data answers only after unlocking, and no site frames it.
    const data = await sharedData.GET(new Request(`http://localhost/r/${embedded.token}/data/commissions`), { params: Promise.resolve({ token: embedded.token, report: "commissions" }) });
    expect(data.status).toBe(404);
    expect(await frameAncestorsOf(embedded.token)).toBe("'none'");
    // And back: the password removed in the same edit that lists the site again.
    const back = await edit(embedded.id, { embedOrigins: ["https://partner.example.com"], password: null });
    expect(back).toMatchObject({ hasPassword: false, embedOrigins: ["https://partner.example.com"] });
    expect(await frameAncestorsOf(embedded.token)).toBe("https://partner.example.com");
  });
});
