/**
 * The tags and follow-ups of many invitees at once: the directory page's chips for the rows it shows, and the team
 * columns of the app's own directory CSV, one batch of rows at a time. Two statements per call (assignments with their
 * tags, follow-ups), each bound to the uids asked for, whatever their number of tags.
 */
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { inviteeFollowUps, inviteeTagAssignments, inviteeTags } from "../db/schema";
import { byName } from "./assignments-store";
import { followUpView } from "./follow-up-store";
import type { DbOrTx } from "./log";
import { tagView } from "./tags-store";
import type { FollowUp, Tag } from "./types";

export interface InviteeWorkSummary {
  tags: Tag[];
  followUp: FollowUp | null;
}

/** Every asked uid with its tags (by name) and follow-up; an invitee with neither has `{tags: [], followUp: null}`. */
export async function workOfInvitees(db: DbOrTx, connectionId: string, uids: readonly string[]): Promise<Map<string, InviteeWorkSummary>> {
  const out = new Map<string, InviteeWorkSummary>(uids.map((uid) => [uid, { tags: [], followUp: null }]));
  if (uids.length === 0) return out;
  const list = [...new Set(uids)];
  const [tagged, followUps] = await Promise.all([
    db
      .select({ uid: inviteeTagAssignments.uid, id: inviteeTags.id, name: inviteeTags.name, color: inviteeTags.color })
      .from(inviteeTagAssignments)
      .innerJoin(inviteeTags, eq(inviteeTags.id, inviteeTagAssignments.tagId))
      .where(and(eq(inviteeTagAssignments.connectionId, connectionId), inArray(inviteeTagAssignments.uid, list))),
    db
      .select()
      .from(inviteeFollowUps)
      .where(and(eq(inviteeFollowUps.connectionId, connectionId), inArray(inviteeFollowUps.uid, list))),
  ]);
  for (const row of tagged) out.get(row.uid)?.tags.push(tagView(row));
  for (const summary of out.values()) summary.tags.sort(byName);
  for (const row of followUps) {
    const summary = out.get(row.uid);
    if (summary) summary.followUp = followUpView(row);
  }
  return out;
}
