/**
 * The connection's tag vocabulary: list with counts, create, rename or
 * recolour, delete (its assignments go with it), merge one tag into another,
 * and finding tags by name for the assignment stores. Names are unique per
 * connection in any case; a name given in another case finds the existing tag
 * and keeps the vocabulary's spelling.
 */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { queryRows, type Db } from "../db/client";
import { inviteeTags, type InviteeTagRow } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { logWork, timeOrderedId, type Actor, type DbOrTx } from "./log";
import { DEFAULT_TAG_COLOR, TAG_COLORS, type Tag, type TagColor, type TagWithCount } from "./types";
import type { UpdateTagInput } from "./inputs";

const isTagColor = (value: string): value is TagColor => (TAG_COLORS as readonly string[]).includes(value);

export function tagView(row: Pick<InviteeTagRow, "id" | "name" | "color">): Tag {
  // The database's check keeps colours in the palette; a stray value shows as the default rather than failing the list.
  return { id: row.id, name: row.name, color: isTagColor(row.color) ? row.color : DEFAULT_TAG_COLOR };
}

const exists = (name: string) => new ApiError(409, "TAG_EXISTS", `a tag named "${name}" already exists`);

/** Every tag of the connection with how many invitees carry it, by name (any case). */
export async function listVocabulary(db: DbOrTx, connectionId: string): Promise<TagWithCount[]> {
  const rows = await queryRows<{ id: string; name: string; color: string; invitees: number }>(
    db,
    sql`select t.id, t.name, t.color, (select count(*)::int from invitee_tag_assignments a where a.connection_id = t.connection_id and a.tag_id = t.id) as invitees
        from invitee_tags t where t.connection_id = ${connectionId} order by lower(t.name), t.name`,
  );
  return rows.map((r) => ({ ...tagView(r), invitees: Number(r.invitees) }));
}

async function tagWithCount(db: DbOrTx, connectionId: string, id: string): Promise<TagWithCount> {
  const found = (await listVocabulary(db, connectionId)).find((t) => t.id === id);
  if (!found) throw new ApiError(404, "NOT_FOUND", "no such tag");
  return found;
}

/** The tag if it is one of this connection's (404 otherwise: ids of other connections are not acknowledged). */
export async function tagOf(tx: DbOrTx, connectionId: string, id: string): Promise<InviteeTagRow> {
  const [row] = await tx
    .select()
    .from(inviteeTags)
    .where(and(eq(inviteeTags.id, id), eq(inviteeTags.connectionId, connectionId)));
  if (!row) throw new ApiError(404, "NOT_FOUND", "no such tag");
  return row;
}

async function tagNamed(tx: DbOrTx, connectionId: string, name: string): Promise<InviteeTagRow | undefined> {
  const [row] = await tx
    .select()
    .from(inviteeTags)
    .where(and(eq(inviteeTags.connectionId, connectionId), sql`lower(${inviteeTags.name}) = lower(${name})`));
  return row;
}

/** Inserts the tag unless its name is taken (race-safe: the unique index decides); undefined when taken. */
async function insertTag(tx: DbOrTx, connectionId: string, name: string, color: TagColor, actor: Actor, at: Date): Promise<InviteeTagRow | undefined> {
  const [row] = await tx
    .insert(inviteeTags)
    .values({ id: timeOrderedId("itag_", at), connectionId, name, color, createdAt: at, createdByEmail: actor.email })
    .onConflictDoNothing()
    .returning();
  if (row) await logWork(tx, { connectionId, uid: null }, actor, "tag.create", { tagId: row.id, name: row.name, color: row.color }, at);
  return row;
}

export async function createTag(db: Db, connectionId: string, input: { name: string; color?: TagColor }, actor: Actor, at: Date): Promise<Tag> {
  return db.transaction(async (tx) => {
    const row = await insertTag(tx, connectionId, input.name, input.color ?? DEFAULT_TAG_COLOR, actor, at);
    if (!row) throw exists((await tagNamed(tx, connectionId, input.name))?.name ?? input.name);
    return tagView(row);
  });
}

/**
 * The tags of these names (any case; duplicates once), creating the missing ones in the default colour.
 * Answered in the order first named.
 */
export async function tagsByNames(tx: DbOrTx, connectionId: string, names: readonly string[], actor: Actor, at: Date): Promise<InviteeTagRow[]> {
  const byLower = new Map<string, InviteeTagRow>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (byLower.has(key)) continue;
    // Looked up, else inserted, else (created meanwhile by someone else) looked up again.
    const row = (await tagNamed(tx, connectionId, name)) ?? (await insertTag(tx, connectionId, name, DEFAULT_TAG_COLOR, actor, at)) ?? (await tagNamed(tx, connectionId, name));
    if (!row) throw new Error(`tag "${name}" could be neither found nor created`);
    byLower.set(key, row);
  }
  return [...byLower.values()];
}

/** Existing tags of these names only (any case): removing a name nobody carries changes nothing. */
export async function existingTagsByNames(tx: DbOrTx, connectionId: string, names: readonly string[]): Promise<InviteeTagRow[]> {
  const found = await Promise.all([...new Set(names.map((n) => n.toLowerCase()))].map((n) => tagNamed(tx, connectionId, n)));
  return found.filter((r): r is InviteeTagRow => r !== undefined);
}

export async function updateTag(db: Db, connectionId: string, id: string, input: UpdateTagInput, actor: Actor, at: Date): Promise<Tag> {
  try {
    return await renameOrRecolour(db, connectionId, id, input, actor, at);
  } catch (error) {
    // Another manager took the name between our check and our update: the unique index refused it.
    if (isUniqueViolation(error)) throw new ApiError(409, "TAG_EXISTS", `a tag named "${input.name ?? ""}" already exists: merge into it instead of renaming`);
    throw error;
  }
}

async function renameOrRecolour(db: Db, connectionId: string, id: string, input: UpdateTagInput, actor: Actor, at: Date): Promise<Tag> {
  return db.transaction(async (tx) => {
    const before = await tagOf(tx, connectionId, id);
    const name = input.name ?? before.name;
    const color = input.color ?? tagView(before).color;
    const clash = input.name === undefined ? undefined : await tagNamed(tx, connectionId, name);
    if (clash && clash.id !== id) {
      throw new ApiError(409, "TAG_EXISTS", `a tag named "${clash.name}" already exists: merge "${before.name}" into it instead of renaming`, { tagId: clash.id });
    }
    const [row] = await tx.update(inviteeTags).set({ name, color }).where(eq(inviteeTags.id, id)).returning();
    await logWork(tx, { connectionId, uid: null }, actor, "tag.update", { tagId: id, before: { name: before.name, color: before.color }, after: { name, color } }, at);
    return tagView(row!);
  });
}

async function carriers(tx: DbOrTx, connectionId: string, tagId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from invitee_tag_assignments where connection_id = ${connectionId} and tag_id = ${tagId}`);
  return Number(rows[0]?.n ?? 0);
}

export async function deleteTag(db: Db, connectionId: string, id: string, actor: Actor, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const tag = await tagOf(tx, connectionId, id);
    const invitees = await carriers(tx, connectionId, id);
    await tx.delete(inviteeTags).where(eq(inviteeTags.id, id)); // the foreign key's cascade removes its assignments
    await logWork(tx, { connectionId, uid: null }, actor, "tag.delete", { tagId: id, name: tag.name, color: tag.color, invitees }, at);
  });
}

/** Every invitee carrying `id` carries `into`; `id` is deleted. Answers the surviving tag with its count. */
export async function mergeTag(db: Db, connectionId: string, id: string, intoId: string, actor: Actor, at: Date): Promise<TagWithCount> {
  if (id === intoId) throw new ApiError(400, "BAD_REQUEST", "a tag cannot be merged into itself");
  await db.transaction(async (tx) => {
    const from = await tagOf(tx, connectionId, id);
    const into = await tagOf(tx, connectionId, intoId);
    const moved = await carriers(tx, connectionId, id);
    await tx.execute(
      sql`insert into invitee_tag_assignments (connection_id, uid, tag_id, assigned_at, assigned_by_email)
          select connection_id, uid, ${into.id}, ${at.toISOString()}::timestamptz, ${actor.email}
          from invitee_tag_assignments where connection_id = ${connectionId} and tag_id = ${from.id}
          on conflict do nothing`,
    );
    await tx.delete(inviteeTags).where(eq(inviteeTags.id, from.id));
    await logWork(tx, { connectionId, uid: null }, actor, "tag.merge", { from: { id: from.id, name: from.name }, into: { id: into.id, name: into.name }, moved }, at);
  });
  return tagWithCount(db, connectionId, intoId);
}
