/**
 * The entity reports' cases for bench:reports (report-latency.ts imports them):
 * one sub-affiliate's page (the busiest, so its series and shares are full),
 * one invitee's page (the invitee with the most commission items: a whale
 * trading daily across symbols, the heaviest page there is) and the Invite
 * codes table, each timed like every other report.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../lib/db/client";
import { inviteCodeQuerySchema } from "../lib/reports/invite-codes/contract";
import { inviteeDetailQuerySchema } from "../lib/reports/invitee/contract";
import type { ReportFilters } from "../lib/reports/filters";
import { inviteCodesReport } from "../lib/reports/invite-codes/sql";
import { inviteeDetailReport } from "../lib/reports/invitee/sql";
import { subAffiliateDetailReport } from "../lib/reports/sub-affiliate/sql";

export type BenchCase = readonly [label: string, run: () => Promise<unknown>];

export async function entityCases(db: Db, connectionId: string, f: ReportFilters, now: number): Promise<BenchCase[]> {
  const busiest = await queryRows<{ uid: string }>(
    db,
    sql`select sub_affiliate_uid as uid from sub_affiliate_daily where connection_id = ${connectionId} group by 1 order by sum(trading_volume) desc limit 1`,
  );
  const whale = await queryRows<{ uid: string }>(
    db,
    sql`select uid from commission_uid_coin_monthly where connection_id = ${connectionId} group by uid order by sum(items) desc, uid limit 1`,
  );
  const cases: BenchCase[] = [["invite codes", () => inviteCodesReport(db, connectionId, f, inviteCodeQuerySchema.parse({}))]];
  const uid = busiest[0]?.uid;
  if (uid !== undefined) cases.unshift(["sub-affiliate", () => subAffiliateDetailReport(db, connectionId, f, new URLSearchParams({ uid }))]);
  const invitee = whale[0]?.uid;
  if (invitee !== undefined) cases.unshift(["invitee", () => inviteeDetailReport(db, connectionId, f, inviteeDetailQuerySchema.parse({ uid: invitee }), now)]);
  return cases;
}
