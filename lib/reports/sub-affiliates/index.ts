/** The Sub-affiliates ranking, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { countUnit, fig, usdt } from "../../digests/figure";
import { defineReport } from "../define";
import { SUB_AFFILIATES_METRICS as ALL } from "../../metrics/sub-affiliate";
import { subAffiliateSources } from "../sync-sources";
import { subAffiliatesContract } from "./contract";
import { subAffiliateReport } from "./sql";
import { subAffiliateTables } from "./tables";

export const subAffiliates = defineReport<"sub-affiliates">({
  contract: subAffiliatesContract,
  run: (db, connectionId, filters) => subAffiliateReport(db, connectionId, filters),
  sources: (f) => subAffiliateSources(f.product),
  tables: subAffiliateTables,
  headline: (a) => [
    fig("tradingVolume", ALL.allTradingVolume.label, usdt, a.totals.tradingVolume),
    fig("netTradingFee", ALL.allNetTradingFee.label, usdt, a.totals.netTradingFee),
    fig("paidCommission", ALL.allPaidCommission.label, usdt, a.totals.paidCommission),
    fig("subAffiliates", ALL.activeSubAffiliates.label, countUnit, a.totals.subAffiliates),
  ],
});
