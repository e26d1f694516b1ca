/**
 * Tags on invitees through the real routes (issue #27): the connection's
 * vocabulary (case-insensitive names, rename conflicts, merge, delete with its
 * assignments), setting an invitee's tags, bulk add/remove with exact counts,
 * every change logged, and the SQL fragments the directory's filters will use.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/lib/db/client";
import { inviteeWorkLog } from "@/lib/db/schema";
import { followUpStateOf, tagNamesOf, uidHasFollowUpState, uidHasNoTags, uidHasTags } from "@/lib/invitee-work/sql";
import type { BulkTagsAnswer, Tag, TagsAnswer, TagWithCount, VocabularyAnswer } from "@/lib/invitee-work/types";
import { call, CONNECTION, inviteeWorkSuite } from "../support/invitee-work";

const world = inviteeWorkSuite("invitee-tags");

const vocabulary = async () => (await call<VocabularyAnswer>("GET", "/api/invitee-tags")).body.tags;
const tagsOf = async (uid: string) => (await call<TagsAnswer>("GET", `/api/invitees/${uid}/tags`)).body.tags.map((t) => t.name);
async function log(action: string) {
  return (await getDb()).select().from(inviteeWorkLog).where(eq(inviteeWorkLog.action, action));
}

describe("the tag vocabulary", () => {
  it("creates tags with unique names in any case, renames and recolours them, refuses a rename onto another name", async () => {
    const vip = await call<Tag>("POST", "/api/invitee-tags", { name: " VIP ", color: "amber" });
    expect(vip.status).toBe(201);
    expect(vip.body).toMatchObject({ name: "VIP", color: "amber" });
    expect(vip.body.id).toMatch(/^itag_/);
    const dup = await call<{ code: string; msg: string }>("POST", "/api/invitee-tags", { name: "vip" });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: "TAG_EXISTS" });
    expect(dup.body.msg).toContain('"VIP"');
    const whale = (await call<Tag>("POST", "/api/invitee-tags", { name: "whale" })).body;
    expect(whale.color).toBe("slate");
    for (const body of [{ name: "" }, { name: "x".repeat(41) }, { name: "ok", color: "orange" }, { name: "ok", extra: 1 }]) {
      expect((await call("POST", "/api/invitee-tags", body)).status, JSON.stringify(body)).toBe(400);
    }

    const clash = await call<{ code: string; msg: string }>("PATCH", `/api/invitee-tags/${whale.id}`, { name: "Vip" });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("TAG_EXISTS");
    expect(clash.body.msg).toMatch(/merge/);
    expect((await call<Tag>("PATCH", `/api/invitee-tags/${vip.body.id}`, { name: "vip" })).body).toMatchObject({ name: "vip", color: "amber" }); // its own name in another case
    expect((await call<Tag>("PATCH", `/api/invitee-tags/${whale.id}`, { color: "teal" })).body).toMatchObject({ name: "whale", color: "teal" });
    expect((await call("PATCH", `/api/invitee-tags/${whale.id}`, {})).status).toBe(400);
    expect((await call("PATCH", "/api/invitee-tags/itag_nope", { color: "red" })).status).toBe(404);

    expect((await vocabulary()).map((t) => [t.name, t.color, t.invitees])).toEqual([
      ["vip", "amber", 0],
      ["whale", "teal", 0],
    ]);
    const vocabLog = await (await getDb()).select().from(inviteeWorkLog).where(isNull(inviteeWorkLog.uid));
    expect(vocabLog.map((r) => r.action).sort()).toEqual(["tag.create", "tag.create", "tag.update", "tag.update"]);
  });

  it("an invitee's tags are set by name: existing ones matched in any case, new ones created in slate, at most 20", async () => {
    const uid = world.uids[0]!;
    const set = await call<TagsAnswer>("PUT", `/api/invitees/${uid}/tags`, { tags: ["WHALE", "new-lead", "new-lead"] });
    expect(set.status).toBe(200);
    expect(set.body.tags.map((t) => [t.name, t.color])).toEqual([
      ["new-lead", "slate"],
      ["whale", "teal"],
    ]);
    const tooMany = await call("PUT", `/api/invitees/${uid}/tags`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.status).toBe(400);
    for (const body of [{ tags: [""] }, { tags: ["x".repeat(41)] }, { tags: "vip" }, { names: [] }]) {
      expect((await call("PUT", `/api/invitees/${uid}/tags`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call("PUT", "/api/invitees/999999999999/tags", { tags: ["vip"] })).status).toBe(404);
    expect(await tagsOf(uid)).toEqual(["new-lead", "whale"]);
    expect((await call<TagsAnswer>("PUT", `/api/invitees/${uid}/tags`, { tags: ["whale"] })).body.tags.map((t) => t.name)).toEqual(["whale"]);
    expect((await call<TagsAnswer>("PUT", `/api/invitees/${uid}/tags`, { tags: ["whale"] })).status).toBe(200); // no change: no log row
    const rows = (await log("tags.set")).filter((r) => r.uid === uid);
    expect(rows.map((r) => r.detail)).toEqual([
      { added: ["whale", "new-lead"], removed: [] },
      { added: [], removed: ["new-lead"] },
    ]);
    expect((await vocabulary()).find((t) => t.name === "new-lead")?.invitees).toBe(0);
  });

  it("bulk adds and removes names across invitees, counting only real changes, one log row per changed invitee", async () => {
    const uids = world.uids.slice(10, 20);
    await call("PUT", `/api/invitees/${uids[0]}/tags`, { tags: ["vip"] });
    const added = await call<BulkTagsAnswer>("POST", "/api/invitee-tags/bulk", { uids, add: ["VIP", "q3-campaign"] });
    expect(added.body).toEqual({ invitees: 10, added: 19, removed: 0 }); // uids[0] already carried vip
    const removed = await call<BulkTagsAnswer>("POST", "/api/invitee-tags/bulk", { uids: [...uids.slice(0, 4), uids[0]], remove: ["vip", "never-made"], add: ["contacted-q3"] });
    expect(removed.body).toEqual({ invitees: 4, added: 4, removed: 4 });
    expect(await tagsOf(uids[0]!)).toEqual(["contacted-q3", "q3-campaign"]);
    expect(await tagsOf(uids[5]!)).toEqual(["q3-campaign", "vip"]);
    const bulkRows = await log("tags.bulk");
    expect(bulkRows).toHaveLength(14);
    expect(bulkRows.find((r) => r.uid === uids[1] && (r.detail as { removed: string[] }).removed.length > 0)?.detail).toEqual({ added: ["contacted-q3"], removed: ["vip"] });
    expect((await vocabulary()).some((t) => t.name === "never-made")).toBe(false);

    const unknown = await call<{ code: string; msg: string }>("POST", "/api/invitee-tags/bulk", { uids: [uids[0], "999999999991", "999999999992"], add: ["vip"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain("999999999991, 999999999992");
    for (const body of [{ uids: [], add: ["x"] }, { uids, add: [] }, { uids: ["12a"], add: ["x"] }, { uids, add: ["x"], remove: ["X"] }, { uids: Array(10_001).fill(uids[0]), add: ["x"] }]) {
      expect((await call("POST", "/api/invitee-tags/bulk", body)).status).toBe(400);
    }
    expect(await tagsOf(uids[0]!)).toEqual(["contacted-q3", "q3-campaign"]);
  });

  it("refuses a bulk change that would leave an invitee with more than 20 tags, whole, and lets a swap at the cap through", async () => {
    const [full, empty] = [world.uids[30]!, world.uids[31]!];
    const twenty = Array.from({ length: 20 }, (_, i) => `cap-${String(i).padStart(2, "0")}`);
    expect((await call("PUT", `/api/invitees/${full}/tags`, { tags: twenty })).status).toBe(200);
    const over = await call<{ code: string; msg: string }>("POST", "/api/invitee-tags/bulk", { uids: [full, empty], add: ["cap-new"] });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("TOO_MANY_TAGS");
    expect(over.body.msg).toContain(full);
    // Nothing of it happened: not the other invitee's tag, not the new name in the vocabulary.
    expect(await tagsOf(empty)).toEqual([]);
    expect((await vocabulary()).some((t) => t.name === "cap-new")).toBe(false);
    const swap = await call<BulkTagsAnswer>("POST", "/api/invitee-tags/bulk", { uids: [full, empty], remove: ["cap-00"], add: ["cap-new"] });
    expect(swap.body).toEqual({ invitees: 2, added: 2, removed: 1 });
    expect(await tagsOf(full)).toEqual([...twenty.slice(1), "cap-new"].sort());
  });

  it("merging moves every assignment onto the surviving tag and deletes the other; deleting a tag takes its assignments", async () => {
    const tags = await vocabulary();
    const id = (name: string) => tags.find((t) => t.name === name)!.id;
    const uids = world.uids.slice(10, 20);
    const merged = await call<TagWithCount>("POST", `/api/invitee-tags/${id("contacted-q3")}/merge`, { into: id("vip") });
    expect(merged.status).toBe(200);
    // vip: uids[4..9] (6) plus contacted-q3's four (uids[0..3], none still carrying vip).
    expect(merged.body).toEqual({ id: id("vip"), name: "vip", color: "amber", invitees: 10 });
    expect((await vocabulary()).some((t) => t.name === "contacted-q3")).toBe(false);
    expect(await tagsOf(uids[0]!)).toEqual(["q3-campaign", "vip"]);
    expect((await log("tag.merge"))[0]!.detail).toEqual({ from: { id: id("contacted-q3"), name: "contacted-q3" }, into: { id: id("vip"), name: "vip" }, moved: 4 });
    expect((await call("POST", `/api/invitee-tags/${id("vip")}/merge`, { into: id("vip") })).status).toBe(400);
    expect((await call("POST", `/api/invitee-tags/${id("vip")}/merge`, { into: "itag_gone" })).status).toBe(404);

    expect((await call("DELETE", `/api/invitee-tags/${id("q3-campaign")}`)).status).toBe(204);
    expect(await tagsOf(uids[0]!)).toEqual(["vip"]);
    const left = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from invitee_tag_assignments where tag_id = ${id("q3-campaign")}`);
    expect(left[0]!.n).toBe(0);
    expect((await log("tag.delete"))[0]!.detail).toMatchObject({ name: "q3-campaign", invitees: 10 });
    expect((await call("DELETE", `/api/invitee-tags/${id("q3-campaign")}`)).status).toBe(404);
  });
});

describe("the directory's SQL fragments (lib/invitee-work/sql.ts)", () => {
  it("filter a uid column by tag names and follow-up state, and show an invitee's tags and state", async () => {
    const [a, b, c] = [world.uids[30]!, world.uids[31]!, world.uids[32]!];
    await call("PUT", `/api/invitees/${a}/tags`, { tags: ["alpha", "beta"] });
    await call("PUT", `/api/invitees/${b}/tags`, { tags: ["Alpha"] });
    await call("PUT", `/api/invitees/${a}/follow-up`, { state: "replied" });
    await call("PUT", `/api/invitees/${c}/follow-up`, { state: "to_contact" });
    const db = await getDb();
    const u = sql`i.uid`;
    const pick = async (where: ReturnType<typeof sql>) =>
      (
        await queryRows<{ uid: string }>(db, sql`select i.uid from invited_users i where i.connection_id = ${CONNECTION} and i.uid in (${a}, ${b}, ${c}) and ${where} order by i.uid`)
      ).map((r) => r.uid);
    const sorted = (...xs: string[]) => [...xs].sort();
    expect(await pick(uidHasTags(CONNECTION, u, ["ALPHA"]))).toEqual(sorted(a, b));
    expect(await pick(uidHasTags(CONNECTION, u, ["alpha", "beta"], "all"))).toEqual([a]);
    expect(await pick(uidHasTags(CONNECTION, u, ["beta", "nothing"], "any"))).toEqual([a]);
    expect(await pick(uidHasTags(CONNECTION, u, []))).toEqual(sorted(a, b, c));
    expect(await pick(uidHasNoTags(CONNECTION, u))).toEqual([c]);
    expect(await pick(uidHasFollowUpState(CONNECTION, u, ["replied", "contacted"]))).toEqual([a]);
    expect(await pick(uidHasFollowUpState(CONNECTION, u, ["none"]))).toEqual([b]);
    expect(await pick(uidHasFollowUpState(CONNECTION, u, ["none", "to_contact"]))).toEqual(sorted(b, c));
    expect(await pick(uidHasTags("another-connection", u, ["alpha"]))).toEqual([]);

    const shown = await queryRows<{ uid: string; tags: string | null; follow_up: string | null }>(
      db,
      sql`select i.uid, ${tagNamesOf(CONNECTION, u)} as tags, ${followUpStateOf(CONNECTION, u)} as follow_up
          from invited_users i where i.connection_id = ${CONNECTION} and i.uid in (${a}, ${b}, ${c})`,
    );
    const byUid = new Map(shown.map((r) => [r.uid, [r.tags, r.follow_up]]));
    expect(byUid.get(a)).toEqual(["alpha, beta", "replied"]);
    expect(byUid.get(b)).toEqual(["alpha", null]);
    expect(byUid.get(c)).toEqual([null, "to_contact"]);
    expect(await (await getDb()).select().from(inviteeWorkLog).where(and(eq(inviteeWorkLog.uid, b), eq(inviteeWorkLog.action, "tags.set")))).toHaveLength(1);
  });
});
