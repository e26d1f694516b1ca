/**
 * Which uids are invitees of a connection's warehouse: work is only kept on an
 * invitee the reports know. The same rule as the invitee page's 404
 * (lib/reports/invitee/profile.ts): listed in invited_users, or — registered
 * before the synced history — seen in its commission or trade-and-asset rows.
 * A manager who can open an invitee's page can therefore always note on it.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ApiError } from "../api/errors";
import { queryRows } from "../db/client";
import type { DbOrTx } from "./log";

const known = (connectionId: string, uid: SQL) => sql`(
  exists (select 1 from invited_users i where i.connection_id = ${connectionId} and i.uid = ${uid})
  or exists (select 1 from commission_items c where c.connection_id = ${connectionId} and c.uid = ${uid})
  or exists (select 1 from trade_asset_daily d where d.connection_id = ${connectionId} and d.uid = ${uid}))`;

/** 404 NOT_FOUND unless the uid is an invitee of the connection's warehouse. */
export async function assertInvitee(db: DbOrTx, connectionId: string, uid: string): Promise<void> {
  const rows = await queryRows<{ known: boolean }>(db, sql`select ${known(connectionId, sql`${uid}`)} as known`);
  if (!rows[0]?.known) throw new ApiError(404, "NOT_FOUND", `No invitee ${uid} in this connection's warehouse`);
}

/** The uids (in the order given) that are not invitees of the connection's warehouse. */
export async function unknownInvitees(db: DbOrTx, connectionId: string, uids: readonly string[]): Promise<string[]> {
  // One JSON parameter, however many uids (a bulk request may name 10 000).
  const rows = await queryRows<{ uid: string }>(
    db,
    sql`select u.uid from jsonb_array_elements_text(${JSON.stringify(uids)}::jsonb) with ordinality as u(uid, n)
        where not ${known(connectionId, sql`u.uid`)} order by u.n`,
  );
  return rows.map((r) => r.uid);
}
