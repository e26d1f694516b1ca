/** One sub-affiliate's report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { fig, usdt } from "../../digests/figure";
import { defineReport } from "../define";
import { subAffiliateSources } from "../sync-sources";
import { subAffiliateContract } from "./contract";
import { SUB_AFFILIATE_METRICS as SUB } from "../../metrics/sub-affiliate";
import { subAffiliateDetailReport } from "./sql";
import { subAffiliateDetailTables } from "./tables";

export const subAffiliate = defineReport<"sub-affiliate">({
  contract: subAffiliateContract,
  run: (db, connectionId, filters, query) => subAffiliateDetailReport(db, connectionId, filters, query),
  sources: (f) => subAffiliateSources(f.product),
  tables: subAffiliateDetailTables,
  // Labels from the report's definitions (metrics.ts): what is left after the sub's share is not the affiliate's.
  headline: (a) => [
    fig("tradingVolume", SUB.tradingVolume.label, usdt, a.totals.tradingVolume),
    fig("netTradingFee", SUB.netTradingFee.label, usdt, a.totals.netTradingFee),
    fig("paidCommission", SUB.paidCommission.label, usdt, a.totals.paidCommission),
    fig("afterSubShare", SUB.afterSubShare.label, usdt, a.totals.afterSubShare),
    fig("overrideEstimate", SUB.overrideEstimate.label, usdt, a.override.estimate),
  ],
});
