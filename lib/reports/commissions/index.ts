/** The Commissions report, registered once: its contract, runner, sync sources, CSV tables and digest headline. */
import "server-only";
import { coinUnit, countUnit, fig, usdt } from "../../digests/figure";
import { METRICS } from "../../metrics/definitions";
import { valuedLabel } from "../../prices/words";
import { defineReport } from "../define";
import { commissionSources } from "../sync-sources";
import { commissionsContract } from "./contract";
import { commissionReport } from "./sql";
import { commissionTables } from "./tables";

export const commissions = defineReport<"commissions">({
  contract: commissionsContract,
  run: (db, connectionId, filters) => commissionReport(db, connectionId, filters),
  sources: (f) => commissionSources(f.product),
  tables: commissionTables,
  // The all-coins view leads with its USDT total, labelled an estimate as the Overview's digest line is.
  headline: (a) => [
    ...(a.allCoins ? [fig("commissionAllCoins", valuedLabel(METRICS.commissionAllCoins.label), usdt, a.allCoins.commission)] : []),
    ...a.totals.flatMap((t) => [
      fig(`commission:${t.coin}`, `Commission (${t.coin})`, coinUnit(t.coin), t.commission),
      fig(`fee:${t.coin}`, `Net fee (${t.coin})`, coinUnit(t.coin), t.fee),
      fig(`invitees:${t.coin}`, `Invitees with ${t.coin} commission`, countUnit, t.invitees),
    ]),
  ],
});
