/**
 * Campaign cost and return for the app's own PDF of Invite codes. The PDF route (analysts only) prints the view through
 * a short-lived *internal* link, and a link's page reads its data through the link's token, which serves the report's
 * contract only — so the section, which reads an analyst's route, was never drawn in the PDF. Here the link's page
 * computes the figures on the server, for an internal link only: a share link a person holds never carries them
 * (costs are the team's internal spend), and no route hands costs to a token.
 */
import "server-only";
import { count, eq, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { campaignCostChanges } from "../db/schema";
import type { ReportName } from "../reports/names";
import { filtersOf, scopeParams, type ShareScope } from "../share/scope";
import { inviteCodeReturns } from "./returns";
import type { ReturnsAnswer } from "./returns-types";

type PrintedLink = { internal: boolean; connectionId: string };

/** The figures an internal link of Invite codes prints for its scope at `at`; undefined for every other link. */
export async function printedCampaignReturns(db: Db, link: PrintedLink, report: ReportName, scope: ShareScope, at: Date): Promise<ReturnsAnswer | undefined> {
  if (!link.internal || report !== "invite-codes") return undefined;
  // The filters as the link's own data route reads them (lib/share/answer.ts), so the section and the report agree.
  return inviteCodeReturns(db, link.connectionId, filtersOf(scopeParams(scope, at), at, scope));
}

/**
 * The connection's cost changes so far (create, edit or delete: each logs one row), for the PDF cache's key: a cost
 * entered or changed after a PDF was made must not be answered with that PDF. The count moves on every change (two in
 * the same millisecond need not move the largest id, which sorts at random within it); the last id guards a log pruned.
 */
export async function campaignCostsVersion(db: Db, connectionId: string): Promise<string> {
  const [row] = await db.select({ n: count(), last: max(campaignCostChanges.id) }).from(campaignCostChanges).where(eq(campaignCostChanges.connectionId, connectionId));
  return row && row.n > 0 ? `${row.n}:${row.last}` : "none";
}
