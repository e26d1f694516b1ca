/** The Invite codes report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { coinUnit, countUnit, fig, usdt } from "../../digests/figure";
import { METRICS } from "../../metrics/definitions";
import { valuedLabel } from "../../prices/words";
import { defineReport } from "../define";
import { reportQuery } from "../report-query";
import { commissionSources, INVITED_USERS, MILESTONES } from "../sync-sources";
import { inviteCodeQuerySchema, inviteCodesContract } from "./contract";
import { inviteCodesReport } from "./sql";
import { inviteCodeTables } from "./tables";

export const inviteCodes = defineReport<"invite-codes">({
  contract: inviteCodesContract,
  run: (db, connectionId, filters, query) => inviteCodesReport(db, connectionId, filters, reportQuery(inviteCodeQuerySchema, query)),
  // Sign-ups and milestones per code from invited users; their commission and volume from the commission rollups.
  sources: () => [INVITED_USERS, MILESTONES, ...commissionSources()],
  tables: inviteCodeTables,
  headline: (a) => [
    fig("signups", METRICS.signups.label, countUnit, a.totals.signups),
    fig("deposited", METRICS.deposited.label, countUnit, a.totals.deposited),
    fig("traded", METRICS.traded.label, countUnit, a.totals.traded),
    // The cohort's commission of every coin first, labelled as the estimate it is (lib/prices/words.ts).
    ...(a.allCoins ? [fig("commissionAllCoins", valuedLabel(METRICS.commissionAllCoins.label), usdt, a.allCoins.commission)] : []),
    fig(`commission:${a.totals.coin}`, `Commission (${a.totals.coin})`, coinUnit(a.totals.coin), a.totals.commission),
    fig("volume", "Volume", usdt, a.totals.volume),
  ],
});
