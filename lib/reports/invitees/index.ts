/** The Invitees report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { countUnit, fig } from "../../digests/figure";
import { defineReport } from "../define";
import { reportQuery } from "../report-query";
import { commissionSources, INVITED_USERS, MILESTONES } from "../sync-sources";
import { inviteesContract, rosterQuerySchema } from "./contract";
import { inviteeReport } from "./sql";
import { inviteeTables } from "./tables";
// The app's clock (lib/clock.ts): "dormant for N days" counts from the "now" tests can move.
import { now } from "../../clock";

export const invitees = defineReport<"invitees">({
  contract: inviteesContract,
  run: (db, connectionId, filters, query) => inviteeReport(db, connectionId, filters, reportQuery(rosterQuerySchema, query), now().getTime()),
  // Cohorts and milestones from invited users; retention from the invitees' commission.
  sources: () => [INVITED_USERS, MILESTONES, ...commissionSources()],
  tables: inviteeTables,
  headline: (a) => [
    fig("registered", "New invitees", countUnit, a.funnel.registered),
    fig("kyc", "Passed KYC", countUnit, a.funnel.kyc),
    fig("deposited", "Deposited", countUnit, a.funnel.deposited),
    fig("traded", "Traded", countUnit, a.funnel.traded),
  ],
});
