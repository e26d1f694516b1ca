/**
 * One invitee's profile and milestone timeline, from the invited-users table:
 * registered → KYC → first deposit → first trade → last trade, with the hours
 * between dated steps. The interface gives KYC as a yes/no with no time, so KYC
 * has no date here and the hours of the next dated step count from the last
 * dated one (registration): nothing is invented. An invitee registered before
 * the synced history has commission but no list entry: its profile says so
 * (unknown, null), and only a uid found nowhere in the warehouse is a 404.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { ApiError } from "../../api/errors";
import { queryRows, type Db } from "../../db/client";
import { MILESTONE_STEPS, type InviteeMilestone, type InviteeProfile } from "./contract";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type ProfileRow = {
  uid: string;
  register_time: Date | string;
  kyc_result: boolean;
  invite_code: string;
  first_deposit: Date | string | null;
  last_deposit: Date | string | null;
  first_trade: Date | string | null;
  last_trade: Date | string | null;
};

const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

export async function inviteeProfile(db: Db, connectionId: string, uid: string, dormantDays: number, now: number): Promise<InviteeProfile> {
  const rows = await queryRows<ProfileRow>(
    db,
    sql`select uid, register_time, kyc_result, invite_code, first_deposit, last_deposit, first_trade, last_trade
        from invited_users where connection_id = ${connectionId} and uid = ${uid}`,
  );
  const row = rows[0];
  if (!row) {
    // Not listed: registered before the synced history, yet it may trade. Only a uid found nowhere is unknown.
    const seen = await queryRows<{ seen: boolean }>(
      db,
      sql`select exists (select 1 from commission_items where connection_id = ${connectionId} and uid = ${uid})
              or exists (select 1 from trade_asset_daily where connection_id = ${connectionId} and uid = ${uid}) as seen`,
    );
    if (!seen[0]?.seen) throw new ApiError(404, "INVITEE_NOT_FOUND", `uid: no invitee ${uid} in this connection's warehouse`);
    return unlisted(uid, dormantDays);
  }
  const lastTrade = ms(row.last_trade);
  return {
    uid: row.uid,
    listed: true,
    inviteCode: row.invite_code,
    registerTime: ms(row.register_time) as number,
    kycResult: row.kyc_result,
    firstDeposit: ms(row.first_deposit),
    lastDeposit: ms(row.last_deposit),
    firstTrade: ms(row.first_trade),
    lastTrade,
    dormant: lastTrade !== null && lastTrade < now - dormantDays * DAY_MS,
    dormantDays,
  };
}

function unlisted(uid: string, dormantDays: number): InviteeProfile {
  return {
    uid,
    listed: false,
    inviteCode: null,
    registerTime: null,
    kycResult: null,
    firstDeposit: null,
    lastDeposit: null,
    firstTrade: null,
    lastTrade: null,
    dormant: null,
    dormantDays,
  };
}

/** Hours between two instants, to 2 decimals (a measure for people, not money). */
export const hoursBetween = (from: number, to: number): number => Math.round(((to - from) / HOUR_MS) * 100) / 100;

/** The timeline of a profile: every step, reached or not, with the hours since the previous dated step. Pure. */
export function milestonesOf(p: InviteeProfile): InviteeMilestone[] {
  const at: Record<(typeof MILESTONE_STEPS)[number], number | null> = {
    registered: p.registerTime,
    kyc: null,
    firstDeposit: p.firstDeposit,
    firstTrade: p.firstTrade,
    lastTrade: p.lastTrade,
  };
  let previous: number | null = null;
  return MILESTONE_STEPS.map((step) => {
    const when = at[step];
    const reached = !p.listed ? null : step === "kyc" ? p.kycResult : when !== null;
    const hoursSincePrevious = when !== null && previous !== null ? hoursBetween(previous, when) : null;
    if (when !== null) previous = when;
    return { step, reached, at: when, hoursSincePrevious };
  });
}
