/** One invitee's report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { coinUnit, fig, usdt } from "../../digests/figure";
import { METRICS } from "../../metrics/definitions";
import { valuedLabel } from "../../prices/words";
import { defineReport } from "../define";
import { reportQuery } from "../report-query";
import { commissionSources, INVITED_USERS, MILESTONES, TRADE_ASSETS } from "../sync-sources";
import { inviteeContract, inviteeDetailQuerySchema } from "./contract";
import { inviteeDetailReport } from "./sql";
import { inviteeDetailTables } from "./tables";
// The app's clock (lib/clock.ts): "dormant for N days" counts from the "now" tests can move.
import { now } from "../../clock";

export const invitee = defineReport<"invitee">({
  contract: inviteeContract,
  // The uid is required and read strictly (missing or malformed: 400 naming it); the filters' lenient uid is not used.
  run: (db, connectionId, filters, query) => inviteeDetailReport(db, connectionId, filters, reportQuery(inviteeDetailQuerySchema, query), now().getTime()),
  // Its commission items, its trade-and-asset days, and its profile and milestones.
  sources: () => [...commissionSources(), TRADE_ASSETS, INVITED_USERS, MILESTONES],
  tables: inviteeDetailTables,
  headline: (a) => [
    // An invitee paid in more than USDT leads with the estimate, labelled as one (as the Overview's digest does).
    ...(a.allCoins ? [fig("commissionAllCoins", valuedLabel(METRICS.commissionAllCoins.label), usdt, a.allCoins.commission)] : []),
    fig("commission", `Commission (${a.current.coin})`, coinUnit(a.current.coin), a.current.commission),
    fig("fee", `Net fee (${a.current.coin})`, coinUnit(a.current.coin), a.current.fee),
    fig("volume:taker", METRICS.takerVolume.label, usdt, a.current.takerVolume),
    fig("volume:maker", METRICS.makerVolume.label, usdt, a.current.makerVolume),
    fig("netDeposit", METRICS.netDeposits.label, usdt, a.current.netDeposit),
  ],
});
