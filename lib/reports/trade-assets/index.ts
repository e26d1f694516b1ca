/** The Trade & assets report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { countUnit, fig, usdt } from "../../digests/figure";
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
    fig("depositAmount", "Deposits", usdt, a.totals.depositAmount),
    fig("withdrawalAmount", "Withdrawals", usdt, a.totals.withdrawalAmount),
    fig("netDeposit", "Net deposit", usdt, a.totals.netDeposit),
    fig("commission", "Commission", usdt, a.totals.commission),
    fig("invitees", "Invitees", countUnit, a.totals.invitees),
  ],
});
