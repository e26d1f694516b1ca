/**
 * The entity reports' cases for bench:reports (report-latency.ts imports them):
 * one sub-affiliate's page (the busiest, so its series and shares are full)
 * and the Invite codes table, each timed like every other report.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../lib/db/client";
import { inviteCodeQuerySchema } from "../lib/reports/contracts/invite-codes";
import type { ReportFilters } from "../lib/reports/filters";
import { inviteCodesReport } from "../lib/reports/invite-codes";
import { subAffiliateDetailReport } from "../lib/reports/sub-affiliate";

export type BenchCase = readonly [label: string, run: () => Promise<unknown>];

export async function entityCases(db: Db, connectionId: string, f: ReportFilters): Promise<BenchCase[]> {
  const busiest = await queryRows<{ uid: string }>(
    db,
    sql`select sub_affiliate_uid as uid from sub_affiliate_daily where connection_id = ${connectionId} group by 1 order by sum(trading_volume) desc limit 1`,
  );
  const cases: BenchCase[] = [["invite codes", () => inviteCodesReport(db, connectionId, f, inviteCodeQuerySchema.parse({}))]];
  const uid = busiest[0]?.uid;
  if (uid !== undefined) cases.unshift(["sub-affiliate", () => subAffiliateDetailReport(db, connectionId, f, new URLSearchParams({ uid }))]);
  return cases;
}
