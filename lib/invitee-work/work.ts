/** Everything the invitee page's panel shows, in one answer (GET /api/invitees/<uid>/work). */
import "server-only";
import { listNotes } from "./notes-store";
import { tagsOf } from "./assignments-store";
import { followUpOf } from "./follow-up-store";
import { inviteeHistory, type Actor, type DbOrTx } from "./log";
import type { WorkAnswer } from "./types";

export async function inviteeWork(db: DbOrTx, connectionId: string, uid: string, actor: Actor): Promise<WorkAnswer> {
  const [notes, tags, followUp, history] = await Promise.all([
    listNotes(db, connectionId, uid, actor),
    tagsOf(db, connectionId, uid),
    followUpOf(db, connectionId, uid),
    inviteeHistory(db, connectionId, uid),
  ]);
  return { notes, tags, followUp, history };
}
