/**
 * Which tags an invitee carries: read them, set them (PUT: the list becomes
 * the invitee's tags), or add and remove names across many invitees at once
 * (the directory's bulk action). Names not in the vocabulary are created when
 * added; matching is case-insensitive and keeps the vocabulary's spelling.
 */
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { inviteeTagAssignments, inviteeTags, inviteeWorkLog } from "../db/schema";
import { logRow, logWork, type Actor, type DbOrTx } from "./log";
import { existingTagsByNames, tagsByNames, tagView } from "./tags-store";
import { ApiError } from "../api/errors";
import { countOf } from "../format/plural";
import { TAGS_PER_INVITEE_MAX, type BulkTagsAnswer, type Tag } from "./types";

/** Tags by name in any case, then by spelling: the order every list of an invitee's tags is in. */
export const byName = (a: Tag, b: Tag) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.name.localeCompare(b.name);

/** The invitee's tags, by name. */
export async function tagsOf(db: DbOrTx, connectionId: string, uid: string): Promise<Tag[]> {
  const rows = await db
    .select({ id: inviteeTags.id, name: inviteeTags.name, color: inviteeTags.color })
    .from(inviteeTagAssignments)
    .innerJoin(inviteeTags, eq(inviteeTags.id, inviteeTagAssignments.tagId))
    .where(and(eq(inviteeTagAssignments.connectionId, connectionId), eq(inviteeTagAssignments.uid, uid)));
  return rows.map(tagView).sort(byName);
}

/** Makes `names` the invitee's tags; logged (tags.set, with the names added and removed) when anything changed. */
export async function setTags(db: Db, connectionId: string, uid: string, names: readonly string[], actor: Actor, at: Date): Promise<Tag[]> {
  return db.transaction(async (tx) => {
    const before = await tagsOf(tx, connectionId, uid);
    const wanted = await tagsByNames(tx, connectionId, names, actor, at);
    const wantedIds = new Set(wanted.map((t) => t.id));
    const beforeIds = new Set(before.map((t) => t.id));
    const added = wanted.filter((t) => !beforeIds.has(t.id));
    const removed = before.filter((t) => !wantedIds.has(t.id));
    if (removed.length > 0) {
      await tx.delete(inviteeTagAssignments).where(
        and(
          eq(inviteeTagAssignments.connectionId, connectionId),
          eq(inviteeTagAssignments.uid, uid),
          inArray(
            inviteeTagAssignments.tagId,
            removed.map((t) => t.id),
          ),
        ),
      );
    }
    if (added.length > 0) {
      await tx
        .insert(inviteeTagAssignments)
        .values(added.map((t) => ({ connectionId, uid, tagId: t.id, assignedAt: at, assignedByEmail: actor.email })))
        .onConflictDoNothing();
    }
    if (added.length + removed.length > 0) {
      await logWork(tx, { connectionId, uid }, actor, "tags.set", { added: added.map((t) => t.name), removed: removed.map((t) => t.name) }, at);
    }
    return tagsOf(tx, connectionId, uid);
  });
}

type Change = { uid: string; tag_id: string };

/** The invitees of `uidSet` carrying more tags than an invitee may (checked after a bulk change, inside its transaction). */
async function overTheCap(tx: DbOrTx, connectionId: string, uidSet: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await queryRows<{ uid: string }>(
    tx,
    sql`select uid from invitee_tag_assignments where connection_id = ${connectionId} and uid in ${uidSet}
        group by uid having count(*) > ${TAGS_PER_INVITEE_MAX} order by uid`,
  );
  return rows.map((r) => r.uid);
}

/**
 * Adds and removes tag names on many invitees (uids already checked to be invitees). Only real changes
 * count: an invitee that already carried an added tag, or never carried a removed one, is not counted
 * for it, and gets a log row (tags.bulk) only if something of its own changed. A change that would leave an
 * invitee with more than TAGS_PER_INVITEE_MAX tags is refused whole (409 TOO_MANY_TAGS), as PUT refuses a longer list.
 */
export async function bulkTags(db: Db, connectionId: string, uids: readonly string[], add: readonly string[], remove: readonly string[], actor: Actor, at: Date): Promise<BulkTagsAnswer> {
  return db.transaction(async (tx) => {
    const adding = add.length > 0 ? await tagsByNames(tx, connectionId, add, actor, at) : [];
    const removing = remove.length > 0 ? await existingTagsByNames(tx, connectionId, remove) : [];
    // One JSON parameter for the uids (up to 10 000), one for each id list.
    const uidSet = sql`(select distinct value from jsonb_array_elements_text(${JSON.stringify(uids)}::jsonb))`;
    // Removals first, so a bulk change that swaps tags has room under the cap.
    const removed =
      removing.length === 0
        ? []
        : await queryRows<Change>(
            tx,
            sql`delete from invitee_tag_assignments
                where connection_id = ${connectionId} and uid in ${uidSet}
                  and tag_id in (select value from jsonb_array_elements_text(${JSON.stringify(removing.map((t) => t.id))}::jsonb))
                returning uid, tag_id`,
          );
    const added =
      adding.length === 0
        ? []
        : await queryRows<Change>(
            tx,
            sql`insert into invitee_tag_assignments (connection_id, uid, tag_id, assigned_at, assigned_by_email)
                select ${connectionId}, u.value, t.value, ${at.toISOString()}::timestamptz, ${actor.email}
                from ${uidSet} u cross join jsonb_array_elements_text(${JSON.stringify(adding.map((t) => t.id))}::jsonb) t
                on conflict do nothing returning uid, tag_id`,
          );
    const over = await overTheCap(tx, connectionId, uidSet);
    if (over.length > 0) {
      throw new ApiError(409, "TOO_MANY_TAGS", `${countOf(over.length, "invitee")} would carry more than ${TAGS_PER_INVITEE_MAX} tags (${over.slice(0, 5).join(", ")}${over.length > 5 ? ", …" : ""}): nothing was changed; remove some of their tags first`, { uids: over.slice(0, 5) });
    }
    const nameOf = new Map([...adding, ...removing].map((t) => [t.id, t.name]));
    const perUid = new Map<string, { added: string[]; removed: string[] }>();
    const entry = (uid: string) => perUid.get(uid) ?? perUid.set(uid, { added: [], removed: [] }).get(uid)!;
    for (const r of added) entry(r.uid).added.push(nameOf.get(r.tag_id) ?? r.tag_id);
    for (const r of removed) entry(r.uid).removed.push(nameOf.get(r.tag_id) ?? r.tag_id);
    const rows = [...perUid].map(([uid, change]) => logRow({ connectionId, uid }, actor, "tags.bulk", change, at));
    for (let i = 0; i < rows.length; i += 1_000) await tx.insert(inviteeWorkLog).values(rows.slice(i, i + 1_000));
    return { invitees: perUid.size, added: added.length, removed: removed.length };
  });
}
