/**
 * SQL fragments for report queries that filter or show invitees by their work
 * (the invitee directory's tag and follow-up filters and columns). Each takes
 * the connection id (a bound value) and the uid column of the outer query, and
 * is a correlated subquery on the work tables' own indexes, so a report adds
 * it to its WHERE or SELECT without joining (a join would multiply its rows by
 * the tags an invitee carries).
 *
 *   const f = sql`i.uid`;
 *   sql`select i.uid, ${tagNamesOf(id, f)} as tags, ${followUpStateOf(id, f)} as follow_up
 *       from invited_users i where i.connection_id = ${id} and ${uidHasTags(id, f, ["vip"])}`
 *
 * Tag names match in any case, as everywhere else in the vocabulary.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { FOLLOW_UP_STATES, type FollowUpState } from "./types";

const lowered = (names: readonly string[]) => JSON.stringify([...new Set(names.map((n) => n.trim().toLowerCase()))]);

/**
 * True when the invitee carries the named tags: `match: "any"` (default) at least one of them,
 * `"all"` every one. An empty list matches every invitee (no filter).
 */
export function uidHasTags(connectionId: string, uidColumn: SQL, names: readonly string[], match: "any" | "all" = "any"): SQL {
  if (names.length === 0) return sql`true`;
  const carried = sql`(select count(distinct lower(t.name)) from invitee_tag_assignments a join invitee_tags t on t.id = a.tag_id
      where a.connection_id = ${connectionId} and a.uid = ${uidColumn}
        and lower(t.name) in (select value from jsonb_array_elements_text(${lowered(names)}::jsonb)))`;
  if (match === "any") return sql`(${carried} > 0)`;
  return sql`(${carried} = (select count(*) from jsonb_array_elements_text(${lowered(names)}::jsonb)))`;
}

/** True when the invitee carries no tag at all (the "untagged" filter). */
export function uidHasNoTags(connectionId: string, uidColumn: SQL): SQL {
  return sql`not exists (select 1 from invitee_tag_assignments a where a.connection_id = ${connectionId} and a.uid = ${uidColumn})`;
}

/**
 * True when the invitee's follow-up is in one of `states`; `"none"` in the list also matches
 * invitees without a follow-up. An empty list matches every invitee (no filter).
 */
export function uidHasFollowUpState(connectionId: string, uidColumn: SQL, states: ReadonlyArray<FollowUpState | "none">): SQL {
  if (states.length === 0) return sql`true`;
  const real = states.filter((s): s is FollowUpState => s !== "none");
  const inState =
    real.length === 0
      ? sql`false`
      : sql`exists (select 1 from invitee_follow_ups f where f.connection_id = ${connectionId} and f.uid = ${uidColumn}
            and f.state in (select value from jsonb_array_elements_text(${JSON.stringify(real)}::jsonb)))`;
  if (!states.includes("none")) return inState;
  return sql`(${inState} or not exists (select 1 from invitee_follow_ups f where f.connection_id = ${connectionId} and f.uid = ${uidColumn}))`;
}

/** True when the invitee's follow-up (any state) is due on or before `day` (YYYY-MM-DD, UTC): the "due" filter. */
export function uidFollowUpDueBy(connectionId: string, uidColumn: SQL, day: string): SQL {
  return sql`exists (select 1 from invitee_follow_ups f where f.connection_id = ${connectionId} and f.uid = ${uidColumn} and f.due_on <= ${day}::date)`;
}

/** The invitee's tag names, comma-joined (", ") in name order; null when it carries none. */
export function tagNamesOf(connectionId: string, uidColumn: SQL): SQL<string | null> {
  return sql<string | null>`(select string_agg(t.name, ', ' order by lower(t.name), t.name) from invitee_tag_assignments a join invitee_tags t on t.id = a.tag_id
      where a.connection_id = ${connectionId} and a.uid = ${uidColumn})`;
}

/** The invitee's follow-up state (to_contact, contacted, replied, not_interested); null when none. */
export function followUpStateOf(connectionId: string, uidColumn: SQL): SQL<FollowUpState | null> {
  return sql<FollowUpState | null>`(select f.state from invitee_follow_ups f where f.connection_id = ${connectionId} and f.uid = ${uidColumn})`;
}

/**
 * The directory's follow-up order as one integer (a keyset sort key): the state's rank (to contact 0 … not interested
 * 3) × 1 000 000 plus the due day's number (days since 2000-01-01; 999 999 without one); null without a follow-up.
 */
export function followUpOrderOf(connectionId: string, uidColumn: SQL): SQL<number | null> {
  const rank = sql.join(
    FOLLOW_UP_STATES.map((state, i) => sql`when ${state} then ${sql.raw(String(i))}`),
    sql` `,
  );
  return sql<number | null>`(select (case f.state ${rank} end) * 1000000 + coalesce(f.due_on - date '2000-01-01', 999999)
      from invitee_follow_ups f where f.connection_id = ${connectionId} and f.uid = ${uidColumn})`;
}
