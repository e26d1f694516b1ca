/**
 * One follow-up per invitee: where contacting them stands, when they were
 * contacted, when to act next. Setting it replaces it; clearing deletes it.
 * Days are UTC calendar days, judged against the app's clock (lib/clock.ts).
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "../api/errors";
import type { Db } from "../db/client";
import { inviteeFollowUps, type InviteeFollowUpRow } from "../db/schema";
import type { FollowUpInput } from "./inputs";
import { logWork, type Actor, type DbOrTx } from "./log";
import type { FollowUpDetail } from "./summary";
import type { FollowUp } from "./types";

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function followUpView(row: InviteeFollowUpRow): FollowUp {
  return { state: row.state, contactedOn: row.contactedOn, dueOn: row.dueOn, updatedAt: row.updatedAt.toISOString(), updatedByEmail: row.updatedByEmail };
}

const detailOf = (row: Pick<InviteeFollowUpRow, "state" | "contactedOn" | "dueOn">): FollowUpDetail => ({ state: row.state, contactedOn: row.contactedOn, dueOn: row.dueOn });

async function currentRow(tx: DbOrTx, connectionId: string, uid: string): Promise<InviteeFollowUpRow | undefined> {
  const [row] = await tx
    .select()
    .from(inviteeFollowUps)
    .where(and(eq(inviteeFollowUps.connectionId, connectionId), eq(inviteeFollowUps.uid, uid)));
  return row;
}

export async function followUpOf(db: DbOrTx, connectionId: string, uid: string): Promise<FollowUp | null> {
  const row = await currentRow(db, connectionId, uid);
  return row ? followUpView(row) : null;
}

/**
 * The follow-up the input asks for, or null to clear it. A date left out is null, but "contacted"
 * without a day means today (UTC); a contact day after today is refused (400). A due day may be past:
 * an overdue follow-up is what the list is for.
 */
export function resolveFollowUp(input: FollowUpInput, at: Date): FollowUpDetail | null {
  if (input.state === null) return null;
  const today = utcDay(at);
  const contactedOn = input.contactedOn ?? (input.state === "contacted" ? today : null);
  // YYYY-MM-DD strings compare as the days they name.
  if (contactedOn !== null && contactedOn > today) {
    throw new ApiError(400, "BAD_REQUEST", `contactedOn: ${contactedOn} is in the future (today is ${today} UTC)`, { issues: [{ path: "contactedOn", message: "not after today" }] });
  }
  return { state: input.state, contactedOn, dueOn: input.dueOn ?? null };
}

/** Sets (or clears, with state null) the invitee's follow-up; logged as follow_up.set or follow_up.clear. */
export async function putFollowUp(db: Db, connectionId: string, uid: string, input: FollowUpInput, actor: Actor, at: Date): Promise<FollowUp | null> {
  const wanted = resolveFollowUp(input, at);
  return db.transaction(async (tx) => {
    const before = await currentRow(tx, connectionId, uid);
    if (wanted === null) {
      // Clearing nothing is not a change: no log row.
      if (!before) return null;
      await tx.delete(inviteeFollowUps).where(and(eq(inviteeFollowUps.connectionId, connectionId), eq(inviteeFollowUps.uid, uid)));
      await logWork(tx, { connectionId, uid }, actor, "follow_up.clear", { before: detailOf(before) }, at);
      return null;
    }
    const values = { ...wanted, updatedAt: at, updatedByEmail: actor.email };
    const [row] = await tx
      .insert(inviteeFollowUps)
      .values({ connectionId, uid, ...values })
      .onConflictDoUpdate({ target: [inviteeFollowUps.connectionId, inviteeFollowUps.uid], set: values })
      .returning();
    await logWork(tx, { connectionId, uid }, actor, "follow_up.set", { before: before ? detailOf(before) : null, after: wanted }, at);
    return followUpView(row!);
  });
}
