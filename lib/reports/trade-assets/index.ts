/** The Trade & assets report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { countUnit, fig, usdt } from "../../digests/figure";
import { METRICS } from "../../metrics/definitions";
import { defineReport } from "../define";
import { reportQuery } from "../report-query";
import { TRADE_ASSETS } from "../sync-sources";
import { tradeAssetQuerySchema, tradeAssetsContract } from "./contract";
import { tradeAssetReport } from "./sql";
import { tradeAssetTables } from "./tables";

export const tradeAssets = defineReport<"trade-assets">({
  contract: tradeAssetsContract,
  run: (db, connectionId, filters, query) => tradeAssetReport(db, connectionId, filters, reportQuery(tradeAssetQuerySchema, query)),
  sources: () => [TRADE_ASSETS],
  tables: tradeAssetTables,
  headline: (a) => [
    fig("depositAmount", METRICS.deposits.label, usdt, a.totals.depositAmount),
    fig("withdrawalAmount", METRICS.withdrawals.label, usdt, a.totals.withdrawalAmount),
    fig("netDeposit", METRICS.netDeposits.label, usdt, a.totals.netDeposit),
    fig("commission", METRICS.tradeAssetCommission.label, usdt, a.totals.commission),
    fig("invitees", METRICS.tradeAssetInvitees.label, countUnit, a.totals.invitees),
  ],
});
