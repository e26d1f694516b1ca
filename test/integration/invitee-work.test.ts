/**
 * Notes and follow-ups on invitees through the real routes (issue #27), on the
 * demo app's embedded database: roles (viewers refused, author vs another
 * analyst vs admin), every write's audit row, the one-answer work panel, and
 * bad input answered 400/404 {code,msg}, never 500.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { inviteeWorkLog } from "@/lib/db/schema";
import { createNote } from "@/lib/invitee-work/notes-store";
import type { FollowUpAnswer, Note, NotesAnswer, WorkAnswer } from "@/lib/invitee-work/types";
import { call, CONNECTION, inviteeWorkSuite, PEOPLE } from "../support/invitee-work";

const world = inviteeWorkSuite("invitee-work");

async function logOf(uid: string) {
  const db = await getDb();
  return db
    .select()
    .from(inviteeWorkLog)
    .where(and(eq(inviteeWorkLog.connectionId, CONNECTION), eq(inviteeWorkLog.uid, uid)))
    .orderBy(asc(inviteeWorkLog.at), asc(inviteeWorkLog.id));
}

const today = () => now().toISOString().slice(0, 10);
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("notes on an invitee", () => {
  it("viewers can neither read nor write anything of it", async () => {
    const uid = world.uids[0]!;
    world.as("viewer");
    try {
      for (const [method, path, body] of [
        ["GET", `/api/invitees/${uid}/notes`],
        ["POST", `/api/invitees/${uid}/notes`, { body: "hi" }],
        ["GET", `/api/invitees/${uid}/work`],
        ["GET", `/api/invitees/${uid}/tags`],
        ["PUT", `/api/invitees/${uid}/tags`, { tags: ["x"] }],
        ["GET", `/api/invitees/${uid}/follow-up`],
        ["PUT", `/api/invitees/${uid}/follow-up`, { state: "to_contact" }],
        ["GET", "/api/invitee-tags"],
        ["POST", "/api/invitee-tags", { name: "x" }],
        ["POST", "/api/invitee-tags/bulk", { uids: [uid], add: ["x"] }],
      ] as const) {
        const answer = await call(method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body).toMatchObject({ code: "FORBIDDEN" });
      }
    } finally {
      world.as("alice");
    }
    expect(await logOf(uid)).toEqual([]);
  });

  it("an analyst writes notes (trimmed, newest first); only the author or an admin edits or deletes one, each change logged", async () => {
    const uid = world.uids[1]!;
    const first = await call<Note>("POST", `/api/invitees/${uid}/notes`, { body: "  Called, wants a better rate.  " });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ body: "Called, wants a better rate.", authorEmail: PEOPLE.alice.email, updatedByEmail: null, editable: true });
    expect(first.body.id).toMatch(/^inote_/);
    expect(new Date(first.body.createdAt).toISOString()).toBe(first.body.createdAt);
    const second = await call<Note>("POST", `/api/invitees/${uid}/notes`, { body: "Sent the VIP offer" });
    expect((await call<NotesAnswer>("GET", `/api/invitees/${uid}/notes`)).body.notes.map((n) => n.body)).toEqual(["Sent the VIP offer", "Called, wants a better rate."]);

    world.as("bob");
    expect((await call<NotesAnswer>("GET", `/api/invitees/${uid}/notes`)).body.notes.map((n) => n.editable)).toEqual([false, false]);
    const refused = await call("PATCH", `/api/invitees/${uid}/notes/${first.body.id}`, { body: "mine now" });
    expect(refused).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect((await call("DELETE", `/api/invitees/${uid}/notes/${first.body.id}`)).status).toBe(403);

    world.as("admin");
    expect((await call<NotesAnswer>("GET", `/api/invitees/${uid}/notes`)).body.notes.map((n) => n.editable)).toEqual([true, true]);
    const edited = await call<Note>("PATCH", `/api/invitees/${uid}/notes/${first.body.id}`, { body: "Called twice, wants a better rate." });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: "Called twice, wants a better rate.", authorEmail: PEOPLE.alice.email, updatedByEmail: PEOPLE.admin.email, createdAt: first.body.createdAt });

    world.as("alice");
    expect((await call("DELETE", `/api/invitees/${uid}/notes/${second.body.id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/invitees/${uid}/notes/${second.body.id}`)).status).toBe(404);
    expect((await call<NotesAnswer>("GET", `/api/invitees/${uid}/notes`)).body.notes.map((n) => n.id)).toEqual([first.body.id]);

    const log = await logOf(uid);
    expect(log.map((r) => [r.action, r.actorEmail])).toEqual([
      ["note.create", PEOPLE.alice.email],
      ["note.create", PEOPLE.alice.email],
      ["note.update", PEOPLE.admin.email],
      ["note.delete", PEOPLE.alice.email],
    ]);
    expect(log[2]!.detail).toEqual({ noteId: first.body.id, before: "Called, wants a better rate.", after: "Called twice, wants a better rate." });
    expect(log[3]!.detail).toEqual({ noteId: second.body.id, body: "Sent the VIP offer", authorEmail: PEOPLE.alice.email });
    expect(log.every((r) => r.actorUserId !== "")).toBe(true);
  });

  it("a note of another invitee or another connection is a 404, and nothing changes", async () => {
    const [uid, other] = [world.uids[2]!, world.uids[3]!];
    const note = (await call<Note>("POST", `/api/invitees/${uid}/notes`, { body: "keep" })).body;
    expect(await call("PATCH", `/api/invitees/${other}/notes/${note.id}`, { body: "moved" })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect((await call("DELETE", `/api/invitees/${other}/notes/${note.id}`)).status).toBe(404);
    expect((await call("PATCH", `/api/invitees/${uid}/notes/not-an-id`, { body: "x" })).status).toBe(404);
    const elsewhere = await createNote(await getDb(), "another-connection", uid, "theirs", PEOPLE.alice, now());
    expect((await call("PATCH", `/api/invitees/${uid}/notes/${elsewhere.id}`, { body: "x" })).status).toBe(404);
    expect((await call("DELETE", `/api/invitees/${uid}/notes/${elsewhere.id}`)).status).toBe(404);
    expect((await call<NotesAnswer>("GET", `/api/invitees/${uid}/notes`)).body.notes.map((n) => n.body)).toEqual(["keep"]);
    expect((await call<NotesAnswer>("GET", `/api/invitees/${other}/notes`)).body.notes).toEqual([]);
  });

  it("bad input is a 400 or 404 {code,msg}: malformed or unknown uid, empty or oversized body, extra keys, not JSON", async () => {
    const uid = world.uids[4]!;
    for (const bad of ["12ab", "9".repeat(21), "-1"]) {
      const answer = await call<{ code: string; msg: string }>("GET", `/api/invitees/${bad}/notes`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.code).toBe("BAD_REQUEST");
    }
    const unknown = await call("POST", "/api/invitees/999999999999/notes", { body: "who?" });
    expect(unknown).toEqual({ status: 404, body: { code: "NOT_FOUND", msg: "No invitee 999999999999 in this connection's warehouse" } });
    for (const route of ["notes", "work", "tags", "follow-up"]) expect((await call("GET", `/api/invitees/999999999999/${route}`)).status, route).toBe(404);

    const bodies: unknown[] = [{ body: "   " }, { body: "x".repeat(4001) }, { body: 5 }, {}, { body: "ok", pinned: true }, [], "not json {", '"a string"'];
    for (const body of bodies) {
      const answer = await call<{ code: string; msg: string }>("POST", `/api/invitees/${uid}/notes`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.body.code).toBe("BAD_REQUEST");
      expect(typeof answer.body.msg).toBe("string");
    }
    expect((await call<Note>("POST", `/api/invitees/${uid}/notes`, { body: "x".repeat(4000) })).status).toBe(201);
    expect((await logOf(uid)).length).toBe(1);
  });
});

describe("follow-ups", () => {
  it("sets, changes and clears one; contacted defaults to today, a future contact day or a non-day is refused; each change logged", async () => {
    const uid = world.uids[5]!;
    expect((await call<FollowUpAnswer>("GET", `/api/invitees/${uid}/follow-up`)).body).toEqual({ followUp: null });
    const contacted = await call<FollowUpAnswer>("PUT", `/api/invitees/${uid}/follow-up`, { state: "contacted" });
    expect(contacted.status).toBe(200);
    expect(contacted.body.followUp).toMatchObject({ state: "contacted", contactedOn: today(), dueOn: null, updatedByEmail: PEOPLE.alice.email });

    const due = dayAfter(today(), 7);
    world.as("bob");
    const replied = await call<FollowUpAnswer>("PUT", `/api/invitees/${uid}/follow-up`, { state: "replied", contactedOn: "2024-02-29", dueOn: due });
    expect(replied.body.followUp).toMatchObject({ state: "replied", contactedOn: "2024-02-29", dueOn: due, updatedByEmail: PEOPLE.bob.email });
    world.as("alice");

    for (const body of [
      { state: "contacted", contactedOn: dayAfter(today(), 1) },
      { state: "replied", contactedOn: "2025-02-30" },
      { state: "to_contact", dueOn: "tomorrow" },
      { state: "contacted", contactedOn: null },
      { state: "called" },
      { state: null, dueOn: due },
      { state: "to_contact", note: "x" },
      {},
    ]) {
      const answer = await call<{ code: string }>("PUT", `/api/invitees/${uid}/follow-up`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("BAD_REQUEST");
    }
    expect((await call<FollowUpAnswer>("GET", `/api/invitees/${uid}/follow-up`)).body.followUp).toMatchObject({ state: "replied", dueOn: due });

    expect((await call<FollowUpAnswer>("PUT", `/api/invitees/${uid}/follow-up`, { state: null })).body).toEqual({ followUp: null });
    expect((await call<FollowUpAnswer>("PUT", `/api/invitees/${uid}/follow-up`, { state: null })).body).toEqual({ followUp: null });
    expect((await call<FollowUpAnswer>("GET", `/api/invitees/${uid}/follow-up`)).body).toEqual({ followUp: null });

    const log = await logOf(uid);
    expect(log.map((r) => r.action)).toEqual(["follow_up.set", "follow_up.set", "follow_up.clear"]); // clearing nothing is no change
    expect(log[1]!.detail).toEqual({ before: { state: "contacted", contactedOn: today(), dueOn: null }, after: { state: "replied", contactedOn: "2024-02-29", dueOn: due } });
    expect(log[2]!.detail).toEqual({ before: { state: "replied", contactedOn: "2024-02-29", dueOn: due } });
  });
});

describe("the work panel's one answer", () => {
  it("answers notes, tags, follow-up and the newest history in words", async () => {
    const uid = world.uids[6]!;
    await call("POST", `/api/invitees/${uid}/notes`, { body: "Met at the conference" });
    await call("PUT", `/api/invitees/${uid}/tags`, { tags: ["vip", "whale"] });
    await call("PUT", `/api/invitees/${uid}/tags`, { tags: ["VIP", "dormant"] });
    await call("PUT", `/api/invitees/${uid}/follow-up`, { state: "to_contact", dueOn: "2030-01-15" });
    const work = await call<WorkAnswer>("GET", `/api/invitees/${uid}/work`);
    expect(work.status).toBe(200);
    expect(work.body.notes.map((n) => n.body)).toEqual(["Met at the conference"]);
    expect(work.body.tags.map((t) => [t.name, t.color])).toEqual([
      ["dormant", "slate"],
      ["vip", "slate"],
    ]);
    expect(work.body.followUp).toMatchObject({ state: "to_contact", contactedOn: null, dueOn: "2030-01-15" });
    expect(work.body.history.map((h) => [h.action, h.summary])).toEqual([
      ["follow_up.set", "Follow-up set: To contact, due 2030-01-15"],
      ["tags.set", "Tagged dormant; removed whale"],
      ["tags.set", "Tagged vip, whale"],
      ["note.create", "Added a note"],
    ]);
    expect(work.body.history.every((h) => h.actorEmail === PEOPLE.alice.email && h.id.startsWith("ilog_"))).toBe(true);

    // At most the newest 50 rows.
    const db = await getDb();
    await db.execute(sql`insert into invitee_work_log (id, connection_id, uid, actor_user_id, actor_email, action, detail, at)
      select 'ilog_old' || g, ${CONNECTION}, ${uid}, 'u-alice', 'alice@example.com', 'note.create', '{}'::jsonb, now() - interval '1 day' from generate_series(1, 60) g`);
    const long = (await call<WorkAnswer>("GET", `/api/invitees/${uid}/work`)).body.history;
    expect(long).toHaveLength(50);
    expect(long[0]!.action).toBe("follow_up.set");
  });
});
