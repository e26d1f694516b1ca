/**
 * The invitee funnel of a set of sign-ups — register → KYC → first deposit →
 * first trade, with the median hours between the steps — written once for the
 * Overview (the period's sign-ups) and the Invitees page (the same, or one
 * invitee). Counts are exact; the medians are hours as float8, as shown.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { InviteeReport } from "./invitees/contract";

export type SignupFunnel = InviteeReport["funnel"];

type FunnelRow = { registered: string; kyc: string; deposited: string; traded: string; to_deposit: number | null; deposit_to_trade: number | null };

/** The funnel of the invited_users rows matching `where` (conditions on invited_users, joined with `and`). */
export async function signupFunnel(db: Db, where: SQL): Promise<SignupFunnel> {
  const rows = await queryRows<FunnelRow>(
    db,
    sql`select count(*)::text as registered,
               count(*) filter (where kyc_result)::text as kyc,
               count(first_deposit)::text as deposited,
               count(first_trade)::text as traded,
               -- Medians of the delays in float8 seconds: date_part is float8 (extract would make a numeric per row,
               -- twice as slow) and float8 sorts without a function call per comparison (intervals do not).
               percentile_cont(0.5) within group (order by date_part('epoch', first_deposit - register_time))
                 filter (where first_deposit is not null) / 3600 as to_deposit,
               percentile_cont(0.5) within group (order by date_part('epoch', first_trade - first_deposit))
                 filter (where first_trade is not null and first_deposit is not null) / 3600 as deposit_to_trade
        from invited_users where ${where}`,
  );
  const r = rows[0];
  return {
    registered: Number(r?.registered ?? 0),
    kyc: Number(r?.kyc ?? 0),
    deposited: Number(r?.deposited ?? 0),
    traded: Number(r?.traded ?? 0),
    medianHoursToDeposit: r?.to_deposit == null ? null : Number(r.to_deposit),
    medianHoursDepositToTrade: r?.deposit_to_trade == null ? null : Number(r.deposit_to_trade),
  };
}
