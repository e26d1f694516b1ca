/**
 * An annotation's invite code must be one the connection has. The V3 interface has no list of an affiliate's codes: the
 * warehouse knows a code only as the code its invitees signed up with (invited_users, from getAffiliateUIDs), so that
 * is the list checked — a code nobody has signed up with yet cannot be told from a typo, and is refused too.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { queryRows } from "../db/client";
import type { DbOrTx } from "../invitee-work/log";
import { MILESTONES } from "../reports/sync-sources";

/**
 * The code as the warehouse spells it (matched in any case, as the directory's search does: a code typed in lower case
 * is the same code), null for none; 400 `{code, msg}` in words for a code the connection does not have.
 */
export async function knownInviteCode(db: DbOrTx, connectionId: string, code: string | null | undefined): Promise<string | null | undefined> {
  if (code === null || code === undefined) return code;
  const rows = await queryRows<{ code: string | null; read: boolean }>(
    db,
    sql`select
      (select i.invite_code from invited_users i
        where i.connection_id = ${connectionId} and upper(i.invite_code) = upper(${code})
        order by (i.invite_code = ${code}) desc limit 1) as code,
      exists (select 1 from sync_state s where s.connection_id = ${connectionId} and s.report = ${MILESTONES} and s.covered_to is not null) as read`,
  );
  const found = rows[0]?.code ?? null;
  if (found !== null) return found;
  // Before the invitee list's first full read a code cannot be checked. Refused rather than saved unchecked: nothing
  // checks a saved note's code again, and the wait is short (the first sync reads the whole list, a few pages).
  if (!rows[0]?.read) throw new ApiError(400, "BAD_REQUEST", `code: invite code ${code} cannot be checked yet: the invitee list has not been synced; try again once the first sync has finished`);
  throw new ApiError(400, "BAD_REQUEST", `code: no invitee of this connection signed up with invite code ${code}; a code is known once someone has signed up with it`);
}
