/**
 * Invite codes the warehouse knows, for tests that tie annotations to one: an invitee signed up with each code, and
 * the invitee list marked as read in full — as the sync leaves them (lib/annotations/known-code.ts checks both).
 */
import { getDb } from "@/lib/db/client";
import { invitedUsers } from "@/lib/db/schema";
import { SANDBOX_CONNECTION_ID } from "@/lib/exchange/connections";
import { INVITED_USERS } from "@/lib/reports/sync-sources";
import { recordFullRead } from "@/lib/sync/state";

export async function knownInviteCodes(codes: readonly string[], connectionId = SANDBOX_CONNECTION_ID): Promise<void> {
  const db = await getDb();
  // Uids of their own (9…), clear of the sandbox world's: one invitee per code is all a code needs to be known.
  const rows = codes.map((inviteCode, i) => ({ connectionId, uid: `9${String(i).padStart(9, "0")}`, registerTime: new Date("2026-01-05T00:00:00Z"), kycResult: true, inviteCode }));
  await db.insert(invitedUsers).values(rows).onConflictDoNothing();
  await recordFullRead(db, connectionId, INVITED_USERS, Date.now());
}
