/**
 * The invitee directory's conditions on the team's own records — a tag carried, a follow-up state, a follow-up due by
 * today (lib/invitee-work/sql.ts) — and on the quality flags (lib/invitee-flags), whose thresholds are read once per
 * answer. The app's only: a share link's scope never lets these keys through (lib/share/scope.ts).
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uidsWithFlag } from "../../invitee-flags/detect";
import { flagSettingsOf } from "../../invitee-flags/settings-store";
import { uidFollowUpDueBy, uidHasFollowUpState, uidHasTags } from "../../invitee-work/sql";
import type { RosterQuery } from "./contract";

type DirectoryQuery = Omit<RosterQuery, "page" | "pageSize">;

/** What the internal filters need: the UTC day of now, and the quality-flag condition (the connection's thresholds read). */
export interface Team {
  today: string;
  flagged: SQL | null;
}

export async function teamOf(db: Db, connectionId: string, q: DirectoryQuery, now: number): Promise<Team> {
  const flagged = q.flag ? uidsWithFlag(connectionId, q.flag, await flagSettingsOf(db, connectionId), sql`i.uid`) : null;
  return { today: utcDayOf(now), flagged };
}

/**
 * The team's own records (lib/invitee-work/sql.ts): a tag carried, a follow-up state, or a follow-up due by `today`;
 * and the quality flags (lib/invitee-flags).
 */
export function teamConditions(connectionId: string, q: DirectoryQuery, { today, flagged }: Team): SQL[] {
  const parts: SQL[] = [];
  const uid = sql`i.uid`;
  if (q.tag) parts.push(uidHasTags(connectionId, uid, [q.tag]));
  if (q.followUp === "due") parts.push(uidFollowUpDueBy(connectionId, uid, today));
  else if (q.followUp) parts.push(uidHasFollowUpState(connectionId, uid, [q.followUp]));
  if (flagged) parts.push(flagged);
  return parts;
}

/** The UTC day of `now` ("due today or overdue" is judged on it, as the follow-ups' days are UTC days). */
const utcDayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
